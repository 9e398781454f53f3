// Issue 46: the privacy pages' dates — the server's instants on the agent's clock, the zone named; written by
// Intl in the page's locale (issue 43: the buyer's page in English or Spanish; the dashboard's is English).
import { DEFAULT_LOCALE, INTL_LOCALE } from '@keyturn/domain/i18n/locales';

const ENGLISH = INTL_LOCALE[DEFAULT_LOCALE];

/** 'April 3, 2026' ('3 de abril de 2026') on `zone`'s calendar. */
export function longDate(instant: string, zone: string, intlLocale: string = ENGLISH): string {
  return new Intl.DateTimeFormat(intlLocale, { timeZone: zone, dateStyle: 'long' }).format(new Date(instant));
}

/** '10:00 AM' ('10:00 a.m.') on `zone`'s clock, with a plain space as every screen writes it (spec §5). */
export function clockTime(instant: string, zone: string, intlLocale: string = ENGLISH): string {
  return new Intl.DateTimeFormat(intlLocale, { timeZone: zone, hour: 'numeric', minute: '2-digit' })
    .format(new Date(instant))
    .replace(/[\u202f\u00a0]/g, ' ');
}

/**
 * The zone as people name it, without its offset: 'Eastern Time (New York)' ('hora oriental (New York)'); a
 * zone without a common name is its city, an unknown zone is returned as it is (as the domain's timeZoneName).
 */
export function zoneName(zone: string, instant: string, intlLocale: string = ENGLISH): string {
  let generic: string;
  try {
    generic =
      new Intl.DateTimeFormat(intlLocale, { timeZone: zone, timeZoneName: 'longGeneric' })
        .formatToParts(new Date(instant))
        .find((part) => part.type === 'timeZoneName')?.value ?? '';
  } catch {
    return zone;
  }
  const city = (zone.split('/').pop() ?? zone).replaceAll('_', ' ');
  return generic && !generic.startsWith('GMT') && generic !== zone ? `${generic} (${city})` : city;
}

/** Whole US dollars in the page's locale: 425000 → '$425,000'. */
export function dollars(amount: number, intlLocale: string = ENGLISH): string {
  return new Intl.NumberFormat(intlLocale, {
    style: 'currency',
    currency: 'USD',
    maximumFractionDigits: 0,
  }).format(amount);
}

/** A stored income range ('30000-50000', '500000+') in dollars: '$30,000 - $50,000', '$500,000+'. */
export function dollarRange(range: string, intlLocale: string = ENGLISH): string {
  if (/^\d+\+$/.test(range)) return `${dollars(Number(range.slice(0, -1)), intlLocale)}+`;
  const match = /^(\d+)-(\d+)$/.exec(range);
  return match
    ? `${dollars(Number(match[1]), intlLocale)} - ${dollars(Number(match[2]), intlLocale)}`
    : range;
}
