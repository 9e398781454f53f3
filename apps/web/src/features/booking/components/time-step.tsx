// Step 'time' (spec §2.4): a grid of the date's slots, unavailable ones disabled; choosing one moves to
// details. The calendar step normally covers this; the step exists for the flow's completeness.
import type { TimeSlot } from '@keyturn/domain/timeSlots';
import { TimeSlotGrid } from '@/components/booking-calendar/booking-calendar';
import { useLocale, useT } from '@/lib/i18n';
import { formatLongDate } from '../format';
import { STEPS } from '@/lib/steps-area';
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
  /** The agent's zone: the agent's clock written in the page's language (slotChoice). */
  agentZone?: string | null;
  onSelect: (value: string) => void;
}

export function TimeStep({
  date,
  slots,
  loading,
  viewZone,
  selected,
  onSelect,
  agentZone = null,
}: TimeStepProps) {
  const t = useT(STEPS);
  const { intlLocale } = useLocale();
  return (
    <div>
      <StepHeading title={t('timeTitle')}>{formatLongDate(date, intlLocale)}</StepHeading>
      {loading ? (
        <p role="status" className="text-sm text-slate-500">
          {t('loadingTimes')}
        </p>
      ) : slots.length === 0 ? (
        <>
          <p className="text-sm text-slate-600">{t('noSlots')}</p>
          <WaitlistOffer key={date} date={date} />
        </>
      ) : (
        <TimeSlotGrid
          slots={slots.map((slot) => slotChoice(slot, date, viewZone, agentZone, intlLocale))}
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
  agentZone = null,
}: Pick<TimeStepProps, 'date' | 'slots' | 'viewZone' | 'onSelect' | 'agentZone'>) {
  const t = useT(STEPS);
  return (
    <>
      <p role="alert" className="mb-4 rounded-lg bg-amber-50 px-3 py-2 text-sm font-medium text-amber-800">
        {t('timeGone')}
      </p>
      <TimeStep
        date={date}
        slots={slots}
        loading={false}
        viewZone={viewZone}
        selected=""
        onSelect={onSelect}
        agentZone={agentZone}
      />
    </>
  );
}
