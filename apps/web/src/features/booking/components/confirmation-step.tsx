// Step 5 (spec §2.4 "Confirmation"): what was booked, the e-mail that follows, arriving early; plus adding
// the appointment to a calendar and the link to manage it.
import { ARRIVE_EARLY_MINUTES } from '@keyturn/domain/constants';
import { purposeTitle } from '@keyturn/domain/purposeText';
import { useT } from '@/lib/i18n';
import { DETAILS, WHO_DECIDES_TEXTS } from '../details-texts';
import { MANAGE } from '../manage-texts';
import type { Property } from '@keyturn/domain/schemas/property';
import type { BuyerBooking } from '@keyturn/domain/schemas/publicBooking';
import { AddToCalendar } from './add-to-calendar';
import { BookingSummary } from './booking-summary';
import type { SummaryRow } from './booking-summary';

interface ConfirmationStepProps {
  booking: BuyerBooking;
  rescheduled: boolean;
  agentName: string;
  property: Property | null;
  /** A team consultation's place (issue 29): an address to come to, or by phone or video. */
  place?: { place: string; inPerson: boolean } | null;
  purpose: string;
  summary: SummaryRow[];
}

export function ConfirmationStep({
  booking,
  rescheduled,
  agentName,
  property,
  place = null,
  purpose,
  summary,
}: ConfirmationStepProps) {
  const t = useT(DETAILS);
  const tm = useT(MANAGE);
  const decides = useT(WHO_DECIDES_TEXTS);
  const pending = booking.status === 'pending';
  // Issue 39 §6: whose answer the request waits for, in the one wording (domain whoDecides.ts).
  const awaiting = booking.awaiting === 'seller' ? 'seller' : 'agent';
  const title = purposeTitle(purpose, agentName);
  const location = property
    ? `${property.address}, ${property.city}, ${property.state} ${property.zip_code}`
    : place?.inPerson
      ? place.place
      : undefined;
  // Nobody arrives at a phone or video call.
  const arrive = place && !place.inPerson ? '' : ` ${t('arriveEarly', { minutes: ARRIVE_EARLY_MINUTES })}`;
  const who = { who: awaiting, agent: agentName };

  return (
    <div>
      <div className="flex flex-col items-center text-center">
        {pending ? (
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-amber-100 text-amber-700">
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2"
              aria-hidden="true"
              className="size-7"
            >
              <circle cx="12" cy="12" r="8.5" />
              <path d="M12 7.5V12l3 2" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
        ) : (
          <span className="inline-flex size-14 items-center justify-center rounded-full bg-emerald-100 text-emerald-600">
            <svg
              viewBox="0 0 24 24"
              fill="none"
              stroke="currentColor"
              strokeWidth="2.2"
              aria-hidden="true"
              className="size-7"
            >
              <path d="M5 12.5l4.5 4.5L19 7.5" strokeLinecap="round" strokeLinejoin="round" />
            </svg>
          </span>
        )}
        <h2
          tabIndex={-1}
          className="mt-4 text-2xl font-bold tracking-tight text-slate-900 focus:outline-none"
        >
          {t(pending ? 'requestSentTitle' : rescheduled ? 'rescheduledTitle' : 'confirmedTitle')}
        </h2>
        {pending ? (
          <p className="mt-2 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800">
            {decides('waitingFor', { awaiting, agentName })}.{' '}
            {decides('waitingDetail', { awaiting, agentName })}
          </p>
        ) : null}
      </div>

      <div className="mt-6">
        <BookingSummary rows={summary} />
      </div>

      <p className="mt-4 text-sm text-slate-600">
        {pending ? t('emailOnceConfirmed', who) : t('emailSoon')}
        {arrive}
      </p>

      <AddToCalendar
        bookingId={booking.id}
        title={title}
        startsAt={booking.starts_at}
        endsAt={booking.ends_at}
        timeZone={booking.time_zone}
        location={location}
        description={t('calendarNote', {
          what: `${title}${place ? ` (${place.place})` : ''}`,
          url: booking.manage_url,
        })}
        url={booking.manage_url}
        tentative={pending}
      />

      <p className="mt-6 border-t border-slate-100 pt-4 text-sm text-slate-600">
        {t('changePlans')}{' '}
        <a
          href={booking.manage_url}
          className="font-medium text-slate-900 underline decoration-[var(--kt-primary)] decoration-2 underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)]"
        >
          {tm('title')}
        </a>
      </p>
    </div>
  );
}
