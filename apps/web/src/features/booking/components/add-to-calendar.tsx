// "Add to calendar" on the confirmation: an .ics file (any calendar app) and a Google Calendar link, both built
// by the domain package from the booking's UTC start and end.
import { useId } from 'react';
import { googleCalendarUrl } from '@keyturn/domain/calendarLinks';
import { bookingEventUid, buildIcsEvent } from '@keyturn/domain/ics';
import { useT } from '@/lib/i18n';
import { DETAILS } from '../details-texts';

export interface AddToCalendarProps {
  bookingId: string;
  title: string;
  /** ISO instants of the booking (starts_at / ends_at). */
  startsAt: string;
  endsAt: string;
  /** The agent's IANA zone, for Google's editor. */
  timeZone: string;
  location: string | undefined;
  description: string;
  url: string;
  /** A request awaiting the agent's approval: the file says STATUS:TENTATIVE, not CONFIRMED. */
  tentative?: boolean;
}

export function AddToCalendar({
  bookingId,
  title,
  startsAt,
  endsAt,
  timeZone,
  location,
  description,
  url,
  tentative = false,
}: AddToCalendarProps) {
  const headingId = useId();
  const t = useT(DETAILS);
  const start = new Date(startsAt);
  const end = new Date(endsAt);
  if (Number.isNaN(start.getTime()) || !(end.getTime() > start.getTime())) return null;

  const ics = buildIcsEvent({
    uid: bookingEventUid(bookingId),
    startsAt: start,
    endsAt: end,
    timeZone,
    summary: title,
    description,
    ...(location ? { location } : {}),
    url,
    status: tentative ? 'TENTATIVE' : 'CONFIRMED',
    now: new Date(),
  });
  const google = googleCalendarUrl({
    startsAt: start,
    endsAt: end,
    title,
    details: description,
    ...(location ? { location } : {}),
    timeZone,
  });

  const linkClasses =
    'inline-flex min-h-11 flex-1 items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-4 text-sm font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:ring-offset-2';

  return (
    <section aria-labelledby={headingId} className="mt-6">
      <h3 id={headingId} className="text-sm font-semibold text-slate-900">
        {t('addToCalendar')}
      </h3>
      <div className="mt-2 flex flex-col gap-2 sm:flex-row">
        <a
          href={`data:text/calendar;charset=utf-8,${encodeURIComponent(ics)}`}
          download="keyturn-booking.ics"
          className={linkClasses}
        >
          <CalendarGlyph />
          {t('downloadIcs')}
        </a>
        <a href={google} target="_blank" rel="noopener noreferrer" className={linkClasses}>
          <CalendarGlyph />
          {t('googleCalendar')}
          <span className="sr-only">{` ${t('newTab')}`}</span>
        </a>
      </div>
    </section>
  );
}

function CalendarGlyph() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
      className="size-4"
    >
      <rect x="3.5" y="5" width="17" height="15.5" rx="2" />
      <path d="M3.5 10h17M8 3v4M16 3v4" />
    </svg>
  );
}
