// Small pure helpers of the templates: times in the agent's zone, HTML escaping, absolute links.
import { BOOKING_PURPOSE_LABELS, type BookingPurpose } from '@keyturn/domain/enums';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { intlLocaleOf, t, type Locale } from '../../../i18n';

export type WhenParts = { date: string; shortDate: string; time: string; zone: string };

/**
 * 'Tuesday, January 8, 2030', 'Tue, Jan 8', '10:00 AM', 'EST' — the agent's zone, as the booking page shows; in
 * the reader's language (issue 43): 'es' → 'martes, 8 de enero de 2030', 'mar, 8 de ene', '10:00 a.m.', 'EST'.
 */
export function whenInZone(instant: Date, timeZone: string, locale?: Locale | string | null): WhenParts {
  const intl = intlLocaleOf(typeof locale === 'string' ? locale : null);
  const date = new Intl.DateTimeFormat(intl, {
    timeZone,
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  }).format(instant);
  const shortDate = new Intl.DateTimeFormat(intl, {
    timeZone,
    weekday: 'short',
    month: 'short',
    day: 'numeric',
  }).format(instant);
  const time = new Intl.DateTimeFormat(intl, {
    timeZone,
    hour: 'numeric',
    minute: '2-digit',
    hour12: true,
  }).format(instant);
  const zone =
    new Intl.DateTimeFormat(intl, { timeZone, timeZoneName: 'short' })
      .formatToParts(instant)
      .find((p) => p.type === 'timeZoneName')?.value ?? timeZone;
  return { date, shortDate, time, zone };
}

/** 1440 → 'in 24 hours', 60 → 'in 1 hour', 90 → 'in 1 hour 30 minutes', 2880 → 'in 2 days'. */
export function inHowLong(minutes: number): string {
  return inHowLongIn(minutes, 'en');
}

/** inHowLong in the reader's language (issue 43): 'es' → 'dentro de 24 horas'. */
export function inHowLongIn(minutes: number, locale: Locale | string | null | undefined): string {
  const say = (id: 'email.durationDays' | 'email.durationHours' | 'email.durationMinutes', count: number) =>
    t(locale, id, { count });
  if (minutes % 1440 === 0 && minutes > 1440)
    return t(locale, 'email.inDuration', { duration: say('email.durationDays', minutes / 1440) });
  const hours = Math.floor(minutes / 60);
  const rest = minutes % 60;
  const parts = [
    ...(hours ? [say('email.durationHours', hours)] : []),
    ...(rest || !hours ? [say('email.durationMinutes', rest)] : []),
  ];
  return t(locale, 'email.inDuration', { duration: parts.join(' ') });
}

/**
 * Text safe for a mail header such as the subject: no CR/LF or other control characters (a buyer's name
 * cannot add a header line or break the subject), whitespace collapsed, at most 200 characters.
 */
export function headerText(value: string): string {
  const flat = value
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ')
    .replace(/\s+/g, ' ')
    .trim();
  return flat.length > 200 ? `${flat.slice(0, 199)}…` : flat;
}

export function escapeHtml(value: string): string {
  return value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;');
}

/** A colour safe to put in a style attribute: the agent's #rrggbb, or the default. */
export function safeColor(color: string | null | undefined): string {
  return color && /^#[0-9a-f]{6}$/i.test(color) ? color : DEFAULT_PRIMARY_COLOR;
}

/** Text colour readable on `background` (#rrggbb): white on dark colours, near-black on light ones. */
export function textOn(background: string): string {
  const [r, g, b] = [1, 3, 5].map((i) => {
    const c = parseInt(background.slice(i, i + 2), 16) / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  }) as [number, number, number];
  const luminance = 0.2126 * r + 0.7152 * g + 0.0722 * b;
  // Contrast against white (1.05 / (L + 0.05)) vs against #0f172a (≈ (L + 0.05) / 0.059).
  return 1.05 / (luminance + 0.05) >= (luminance + 0.05) / 0.059 ? '#ffffff' : '#0f172a';
}

/** Uploaded images are stored root-relative (/uploads/…); a mail needs the absolute address. */
export function absoluteUrl(url: string | null | undefined, publicUrl: string): string | null {
  if (!url) return null;
  if (/^https:\/\//i.test(url) || /^http:\/\//i.test(url)) return url;
  if (url.startsWith('/') && !url.startsWith('//')) return `${publicUrl}${url}`;
  return null;
}

/**
 * The HTML of a kept e-mail as the dashboard previews it (issue 19): the images the e-mail loads from
 * PUBLIC_URL (the agent's logo, `absoluteUrl`) point at the same path without the origin, so the sandboxed
 * srcdoc frame resolves them against the page — the host the app is opened on, whatever PUBLIC_URL says.
 * Links and everything else stay as sent (the stored file and what the recipient got keep PUBLIC_URL).
 */
export function previewHtml(html: string, publicUrl: string): string {
  let origin: string;
  try {
    origin = new URL(publicUrl).origin;
  } catch {
    return html;
  }
  return html.replaceAll(`src="${escapeHtml(origin)}/`, 'src="/');
}

export function purposeLabel(purpose: string, custom: string | null): string {
  if (purpose === 'custom' && custom) return custom;
  return BOOKING_PURPOSE_LABELS[purpose as BookingPurpose] ?? 'Appointment';
}

export function firstName(fullName: string): string {
  return fullName.trim().split(/\s+/)[0] ?? fullName;
}
