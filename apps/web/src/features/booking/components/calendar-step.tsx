// Step 3 (spec §2.4 "Calendar"): the bookable dates, the chosen date's times beside them, and once a time is
// picked 'Selected: {time}' with 'Change' and 'Continue to Details'. Times are the server's instants, shown on
// the agent's clock or, if the buyer asks, on their own; the marked days are the server's (month call). Under the
// calendar, a property's open houses to register for (issue 44), when it has any.
import { useCallback, useId } from 'react';
import { timeZoneLabel, timeZoneName } from '@keyturn/domain/time';
import type { TimeSlot } from '@keyturn/domain/timeSlots';
import { BookingCalendar } from '@/components/booking-calendar/booking-calendar';
import type { CalendarTimeSlot } from '@/components/booking-calendar/booking-calendar';
import { useLocale, useT } from '@/lib/i18n';
import { parseIsoDate, toIsoDate } from '../format';
import { STEPS } from '@/lib/steps-area';
import { slotChoice } from './slot-choice';
import { BrandButton } from './brand-button';
import { OpenHouseOffer } from './open-house-offer';
import { StepHeading } from './step-heading';
import { WaitlistOffer } from './waitlist-offer';

interface CalendarStepProps {
  primaryColor: string;
  agentZone: string | null;
  buyerZone: string;
  showInBuyerZone: boolean;
  onShowInBuyerZoneChange: (on: boolean) => void;
  availableDates: readonly string[];
  /** The agent's today (yyyy-MM-dd): the calendar's "today" is the agent's, not the browser's. */
  today: string;
  onMonthChange: (month: string) => void;
  date: string | null;
  /** The chosen slot's value (slotChoice), '' when none. */
  time: string;
  slots: TimeSlot[];
  slotsLoading: boolean;
  onDateChange: (date: string) => void;
  onTimeChange: (time: string) => void;
  onContinue: () => void;
}

export function CalendarStep({
  primaryColor,
  agentZone,
  buyerZone,
  showInBuyerZone,
  onShowInBuyerZoneChange,
  availableDates,
  today,
  onMonthChange,
  date,
  time,
  slots,
  slotsLoading,
  onDateChange,
  onTimeChange,
  onContinue,
}: CalendarStepProps) {
  const toggleId = useId();
  const t = useT(STEPS);
  const { intlLocale } = useLocale();
  const reportMonth = useCallback(
    (month: Date) => onMonthChange(toIsoDate(month).slice(0, 7)),
    [onMonthChange],
  );
  // The buyer's clock needs the server's instants: the fallback grid (no instants) stays on the agent's.
  const zonesDiffer =
    agentZone !== null && agentZone !== buyerZone && slots.some((slot) => slot.startsAt !== null);
  const viewZone = zonesDiffer && showInBuyerZone ? buyerZone : null;
  const calendarSlots: CalendarTimeSlot[] = date
    ? slots.map((slot) => slotChoice(slot, date, viewZone, agentZone, intlLocale))
    : [];

  return (
    <div>
      <StepHeading title={t('dateTitle')}>
        {agentZone ? (
          <p>{t('allTimesIn', { zone: timeZoneLabel(viewZone ?? agentZone, undefined, intlLocale) })}</p>
        ) : null}
      </StepHeading>
      <BookingCalendar
        selectedDate={date ? parseIsoDate(date) : null}
        availableDates={availableDates}
        today={parseIsoDate(today)}
        onMonthChange={reportMonth}
        timeSlots={calendarSlots}
        selectedTimeSlot={time}
        primaryColor={primaryColor}
        onDateSelect={(day) => onDateChange(toIsoDate(day))}
        onTimeSlotSelect={onTimeChange}
        timeSlotsLoading={slotsLoading}
        timeSlotsHeader={
          zonesDiffer && slots.length > 0 ? (
            <label
              htmlFor={toggleId}
              className="flex min-h-6 cursor-pointer items-center gap-2 text-sm text-slate-600"
            >
              <input
                id={toggleId}
                type="checkbox"
                checked={showInBuyerZone}
                onChange={(event) => onShowInBuyerZoneChange(event.target.checked)}
                className="size-6 shrink-0 accent-[var(--kt-primary)]"
              />
              <span>{t('myZone', { zone: timeZoneName(buyerZone, undefined, intlLocale) })}</span>
            </label>
          ) : null
        }
        noSlotsContent={date ? <WaitlistOffer key={date} date={date} /> : null}
        selectedTimeActions={
          <BrandButton fullWidth onClick={onContinue}>
            {t('toDetails')}
          </BrandButton>
        }
      />
      <OpenHouseOffer />
    </div>
  );
}
