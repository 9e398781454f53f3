// Step 'time' (spec §2.4): a grid of the date's slots, unavailable ones disabled; choosing one moves to
// details. The calendar step normally covers this; the step exists for the flow's completeness.
import { MESSAGES } from '@keyturn/domain/messages';
import type { TimeSlot } from '@keyturn/domain/timeSlots';
import { TimeSlotGrid } from '@/components/booking-calendar/booking-calendar';
import { formatLongDate } from '../format';
import { slotChoice } from './slot-choice';
import { StepHeading } from './step-heading';
import { WaitlistOffer } from './waitlist-offer';

interface TimeStepProps {
  date: string;
  slots: TimeSlot[];
  loading: boolean;
  viewZone: string | null;
  /** The chosen slot's value (slotChoice). */
  selected: string;
  onSelect: (value: string) => void;
}

export function TimeStep({ date, slots, loading, viewZone, selected, onSelect }: TimeStepProps) {
  return (
    <div>
      <StepHeading title="Select a Time">{formatLongDate(date)}</StepHeading>
      {loading ? (
        <p role="status" className="text-sm text-slate-500">
          Loading available times...
        </p>
      ) : slots.length === 0 ? (
        <>
          <p className="text-sm text-slate-600">{MESSAGES.noSlotsForDate}</p>
          <WaitlistOffer key={date} date={date} />
        </>
      ) : (
        <TimeSlotGrid
          slots={slots.map((slot) => slotChoice(slot, date, viewZone))}
          selectedValue={selected}
          onSelect={onSelect}
        />
      )}
    </div>
  );
}

/**
 * A details link (or Back) whose time was taken or has passed (issue 29): says so and offers the date's times
 * instead of a form whose submit could only answer "Please complete all required fields" (another date: the
 * page's Back button).
 */
export function TimeGoneStep({
  date,
  slots,
  viewZone,
  onSelect,
}: Pick<TimeStepProps, 'date' | 'slots' | 'viewZone' | 'onSelect'>) {
  return (
    <>
      <p role="alert" className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800">
        The time you picked is no longer available. Please pick a new time.
      </p>
      <TimeStep
        date={date}
        slots={slots}
        loading={false}
        viewZone={viewZone}
        selected=""
        onSelect={onSelect}
      />
    </>
  );
}
