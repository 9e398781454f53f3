// The reusable booking calendar of spec §2.8: a Sunday-first month grid whose day rules come from the domain
// (spec §5 "Calendar day rules"), and beside it the time slots of the chosen date (spec §4 "Calendar widget").
// Keyboard: arrow keys move between days, Home/End to the week's ends, Page Up/Down by a month (with Shift
// by a year), Enter/Space selects. Month, weekday and day names through Intl in the page's locale (issue 43).
import { useEffect, useEffectEvent, useId, useMemo, useRef, useState } from 'react';
import type { CSSProperties, KeyboardEvent, ReactNode } from 'react';
import {
  addMonths,
  format,
  getDate,
  getDaysInMonth,
  isSameDay,
  isSameMonth,
  setDate,
  startOfMonth,
} from 'date-fns';
import { calendarMonthGrid, dayState } from '@keyturn/domain/calendar';
import type { DayState } from '@keyturn/domain/calendar';
import { AVAILABLE_DAY_BORDER_COLOR, DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { slotBadge } from '@keyturn/domain/learning/slotMarks';
import { textColorOn } from '@keyturn/domain/contrast';
import { EARLY_TAP_ATTRIBUTE, takeEarlyTap } from '@/lib/early-taps';
import { useT } from '@/lib/i18n';
import { STEPS } from '@/lib/steps-area';
import { keyTarget } from './day-keys';
import { useCalendarNames } from './calendar-names';

/** Each badge's texts in the booking catalogue (the domain's SLOT_BADGES are their English). */
const BADGE_KEYS = {
  recommended: { label: 'recommended', title: 'recommendedTitle' },
  suggested: { label: 'suggested', title: 'suggestedTitle' },
} as const;

/** A slot: `value` is what selection reports (e.g. '14:00'), `label` what the buyer reads ('2:00 PM'). */
export interface CalendarTimeSlot {
  value: string;
  label: string;
  /** False shows the slot disabled. Default true. */
  available?: boolean;
  /** Issue 16: marked "Recommended" (next to one of the agent's showings nearby). */
  recommended?: boolean;
  /** Issue 17: marked "Suggested" in its time-order place (the day's best by the agent's learned preferences). */
  suggested?: boolean;
}

export interface BookingCalendarProps {
  selectedDate: Date | null;
  /** Available dates as yyyy-MM-dd; they get the green marker. */
  availableDates: readonly string[];
  /** The chosen date's slots: display strings, or slots with a separate value. */
  timeSlots?: readonly (string | CalendarTimeSlot)[];
  /** The selected slot's value; '' when none. */
  selectedTimeSlot?: string;
  primaryColor?: string;
  showTimeSlots?: boolean;
  onDateSelect: (date: Date) => void;
  /** Called with the slot's value, or '' when 'Change' clears the selection. */
  onTimeSlotSelect?: (value: string) => void;
  /** The slots of the chosen date are still loading. */
  timeSlotsLoading?: boolean;
  /** Shown at the top of the time panel (e.g. the time-zone note). */
  timeSlotsHeader?: ReactNode;
  /** Shown in the 'Selected Time' panel under the 'Change' button (e.g. a continue button). */
  selectedTimeActions?: ReactNode;
  /** Shown under the date's "no available time slots" line (e.g. the offer of a waiting list). */
  noSlotsContent?: ReactNode;
  /** "Today"; defaults to now (the booking page passes the agent's today, tests a fixed day). */
  today?: Date;
  /** Told the first day of the shown month, at start and whenever it changes (to load that month's dates). */
  onMonthChange?: (month: Date) => void;
}

export function BookingCalendar({
  selectedDate,
  availableDates,
  timeSlots = [],
  selectedTimeSlot = '',
  primaryColor = DEFAULT_PRIMARY_COLOR,
  showTimeSlots = true,
  onDateSelect,
  onTimeSlotSelect,
  timeSlotsLoading = false,
  timeSlotsHeader,
  selectedTimeActions,
  noSlotsContent,
  today: todayProp,
  onMonthChange,
}: BookingCalendarProps) {
  const today = todayProp ?? new Date();
  // Opens on the month of a preselected date, otherwise on the current month (spec §2.8).
  const [shownMonth, setShownMonth] = useState(() => startOfMonth(selectedDate ?? today));
  const [focusedDay, setFocusedDay] = useState(() => selectedDate ?? today);
  const moveFocus = useRef(false);
  const revealTimes = useRef(false);
  const gridRef = useRef<HTMLTableElement>(null);
  const timesRef = useRef<HTMLDivElement>(null);
  const titleId = useId();
  const t = useT(STEPS);
  const names = useCalendarNames();

  const weeks = useMemo(() => calendarMonthGrid(shownMonth), [shownMonth]); // per month, not per render (issue 48)
  const monthKey = format(shownMonth, 'yyyy-MM');
  useEffect(() => {
    onMonthChange?.(parseMonth(monthKey));
  }, [monthKey, onMonthChange]);
  const rovingDay = isSameMonth(focusedDay, shownMonth) ? focusedDay : shownMonth;

  useEffect(() => {
    if (!moveFocus.current) return;
    moveFocus.current = false;
    gridRef.current
      ?.querySelector<HTMLButtonElement>(`[data-date="${format(rovingDay, 'yyyy-MM-dd')}"]`)
      ?.focus();
  }, [rovingDay]);

  useEffect(() => {
    // On a phone the times sit under the month: after a pick, scroll them up if they are out of sight.
    if (!revealTimes.current) return;
    revealTimes.current = false;
    const panel = timesRef.current;
    if (panel && panel.getBoundingClientRect().top > window.innerHeight - 120) {
      panel.scrollIntoView?.({ behavior: 'smooth', block: 'start' });
    }
  }, [selectedDate]);

  // A tap on a day made before this code ran (lib/early-taps.ts): taken over once, as the chosen day.
  const replayEarlyTap = useEffectEvent(() => {
    const tapped = takeEarlyTap();
    const cell = tapped ? weeks.flat().find((day) => day.iso === tapped) : undefined;
    if (cell) selectDay(cell.date);
  });
  useEffect(() => replayEarlyTap(), []);

  function showMonth(month: Date) {
    const first = startOfMonth(month);
    setShownMonth(first);
    // Keep the day of the month where the new month has it (31 → 30 in a 30-day month).
    setFocusedDay(setDate(first, Math.min(getDate(focusedDay), getDaysInMonth(first))));
  }

  function focusDay(day: Date) {
    moveFocus.current = true;
    setFocusedDay(day);
    if (!isSameMonth(day, shownMonth)) setShownMonth(startOfMonth(day));
  }

  function onGridKeyDown(event: KeyboardEvent<HTMLTableElement>) {
    const from = rovingDay;
    const target = keyTarget(event, from);
    if (!target) return;
    event.preventDefault();
    focusDay(target);
  }

  function selectDay(day: Date) {
    const state = dayState({ day, today, shownMonth, availableDates });
    if (!state.selectable) return;
    setFocusedDay(day);
    revealTimes.current = true;
    onDateSelect(day);
  }

  const style = {
    '--kt-primary': primaryColor,
    '--kt-on-primary': textColorOn(primaryColor),
  } as CSSProperties;

  return (
    <div className="flex flex-col gap-6 lg:flex-row" style={style}>
      <div className="min-w-0 flex-1">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h3 id={titleId} className="text-base font-semibold text-slate-900" aria-live="polite">
            {names.month(shownMonth)}
          </h3>
          <div className="flex gap-1">
            <NavButton label={t('prevMonth')} onClick={() => showMonth(addMonths(shownMonth, -1))}>
              <path d="M15 18l-6-6 6-6" />
            </NavButton>
            <NavButton label={t('nextMonth')} onClick={() => showMonth(addMonths(shownMonth, 1))}>
              <path d="M9 18l6-6-6-6" />
            </NavButton>
          </div>
        </div>

        <table
          ref={gridRef}
          role="grid"
          aria-labelledby={titleId}
          onKeyDown={onGridKeyDown}
          className="w-full table-fixed border-separate border-spacing-1"
        >
          <thead>
            <tr>
              {names.weekdays.map((day) => (
                <th
                  key={day}
                  scope="col"
                  className="pb-1 text-center text-[11px] font-semibold tracking-wide text-slate-500"
                >
                  {day}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {weeks.map((week) => (
              <tr key={week[0]?.iso}>
                {week.map((cell) => {
                  const state = dayState({ day: cell.date, today, shownMonth, availableDates });
                  const selected = selectedDate !== null && isSameDay(cell.date, selectedDate);
                  return (
                    <td key={cell.iso} role="gridcell" aria-selected={selected} className="p-0 text-center">
                      <button
                        type="button"
                        data-date={cell.iso}
                        {...{ [EARLY_TAP_ATTRIBUTE]: cell.iso }}
                        aria-label={names.day(cell.date)}
                        aria-disabled={state.disabled || undefined}
                        aria-current={state.isToday ? 'date' : undefined}
                        tabIndex={isSameDay(cell.date, rovingDay) && cell.inMonth ? 0 : -1}
                        onClick={() => selectDay(cell.date)}
                        className={dayClasses(state, selected, cell.inMonth)}
                        style={
                          state.available && !state.disabled && !selected
                            ? { borderColor: AVAILABLE_DAY_BORDER_COLOR }
                            : undefined
                        }
                      >
                        <span aria-hidden="true">{cell.date.getDate()}</span>
                        {state.isToday ? (
                          <span
                            aria-hidden="true"
                            data-testid="today-dot"
                            className={`absolute bottom-1 left-1/2 size-1 -translate-x-1/2 rounded-full ${selected ? 'bg-[var(--kt-on-primary)]' : 'bg-[var(--kt-primary)]'}`}
                          />
                        ) : null}
                      </button>
                    </td>
                  );
                })}
              </tr>
            ))}
          </tbody>
        </table>

        <ul className="mt-3 flex gap-4 text-xs text-slate-600" aria-label={t('legend')}>
          <li className="flex items-center gap-1.5">
            <span
              aria-hidden="true"
              className="size-3 rounded border-2 bg-white"
              style={{ borderColor: AVAILABLE_DAY_BORDER_COLOR }}
            />
            {t('available')}
          </li>
          <li className="flex items-center gap-1.5">
            <span aria-hidden="true" className="size-3 rounded border-2 border-slate-200 bg-slate-100" />
            {t('unavailable')}
          </li>
        </ul>
      </div>

      {showTimeSlots && selectedDate ? (
        <div ref={timesRef} className="scroll-mt-4 lg:w-64 lg:shrink-0">
          <TimePanel
            selectedDate={selectedDate}
            timeSlots={timeSlots}
            selectedTimeSlot={selectedTimeSlot}
            onTimeSlotSelect={onTimeSlotSelect}
            loading={timeSlotsLoading}
            header={timeSlotsHeader}
            selectedActions={selectedTimeActions}
            noSlots={noSlotsContent}
          />
        </div>
      ) : null}
    </div>
  );
}

/**
 * The slots as a 2-column grid of buttons in time order; unavailable ones are disabled (spec §2.4 "Time", §2.8).
 * A suggested slot keeps its place (issue 29); a marked slot names its one badge inside the button, so screen readers read it with the
 * time (learning/slotMarks.ts decides the order and the badge).
 */
export function TimeSlotGrid({
  slots,
  selectedValue = '',
  onSelect,
  label,
}: {
  slots: readonly (string | CalendarTimeSlot)[];
  selectedValue?: string;
  onSelect: (value: string) => void;
  label?: string;
}) {
  const marksId = useId();
  const t = useT(STEPS);
  return (
    <ul aria-label={label ?? t('availableTimes')} className="grid grid-cols-2 gap-2">
      {slots.map(toSlot).map((slot, index) => {
        const available = slot.available !== false;
        const selected = slot.value === selectedValue;
        const badge = slotBadge(slot);
        const badgeId = `${marksId}-${index}`;
        return (
          <li key={slot.value}>
            <button
              type="button"
              disabled={!available}
              aria-pressed={selected}
              aria-describedby={badge ? badgeId : undefined}
              onClick={() => onSelect(slot.value)}
              className={`min-h-11 w-full rounded-lg border px-2 text-sm font-semibold transition-colors focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:ring-offset-2 disabled:cursor-not-allowed disabled:border-slate-200 disabled:bg-slate-50 disabled:text-slate-400 disabled:line-through ${
                selected
                  ? 'border-[var(--kt-primary)] bg-[var(--kt-primary)] text-[var(--kt-on-primary)]'
                  : `border-[var(--kt-primary)] text-slate-900 hover:bg-[color-mix(in_srgb,var(--kt-primary)_10%,white)] ${
                      slot.suggested ? 'bg-[color-mix(in_srgb,var(--kt-primary)_6%,white)]' : 'bg-white'
                    }`
              }`}
            >
              {slot.label}
              {/* The badge is the button's description, not part of its name: screen readers say "2:00 PM,
                  button, Suggested", and the time alone still names the button. */}
              {badge ? (
                <span
                  id={badgeId}
                  aria-hidden="true"
                  title={t(BADGE_KEYS[badge].title)}
                  className="block text-xs font-medium"
                >
                  {badge === 'suggested' ? (
                    <svg aria-hidden="true" viewBox="0 0 20 20" className="mr-0.5 inline size-3 align-[-1px]">
                      <path
                        fill="currentColor"
                        d="M10 1.5l2.6 5.3 5.9.9-4.25 4.1 1 5.8L10 14.9l-5.25 2.7 1-5.8L1.5 7.7l5.9-.9z"
                      />
                    </svg>
                  ) : null}
                  {t(BADGE_KEYS[badge].label)}
                </span>
              ) : null}
            </button>
          </li>
        );
      })}
    </ul>
  );
}

function TimePanel({
  selectedDate,
  timeSlots,
  selectedTimeSlot,
  onTimeSlotSelect,
  loading,
  header,
  selectedActions,
  noSlots,
}: {
  selectedDate: Date;
  timeSlots: readonly (string | CalendarTimeSlot)[];
  selectedTimeSlot: string;
  onTimeSlotSelect: ((value: string) => void) | undefined;
  loading: boolean;
  header: ReactNode;
  selectedActions: ReactNode;
  noSlots: ReactNode;
}) {
  const subtitleId = useId();
  const t = useT(STEPS);
  const names = useCalendarNames();
  const panelRef = useRef<HTMLElement>(null);
  // After a pick or a 'Change' the pressed button is gone: move focus to what replaced it.
  const [focusAfter, setFocusAfter] = useState<'change' | 'slots' | null>(null);
  const slots = timeSlots.map(toSlot);
  const selected = slots.find((slot) => slot.value === selectedTimeSlot);

  useEffect(() => {
    if (!focusAfter) return;
    const selector = focusAfter === 'change' ? '[data-change]' : 'ul button:not(:disabled)';
    panelRef.current?.querySelector<HTMLElement>(selector)?.focus();
    setFocusAfter(null);
  }, [focusAfter]);

  return (
    <section
      ref={panelRef}
      aria-labelledby={subtitleId}
      className="lg:h-full lg:border-l lg:border-slate-200 lg:pl-6"
    >
      <h3 id={subtitleId} className="text-base font-semibold text-slate-900">
        {names.chosen(selectedDate)}
      </h3>
      {header ? <div className="mt-2">{header}</div> : null}
      <div className="mt-3">
        {loading ? (
          <p role="status" className="text-sm text-slate-500">
            {t('loadingTimes')}
          </p>
        ) : selectedTimeSlot ? (
          <div className="rounded-xl border border-slate-200 bg-slate-50 p-4">
            <h4 className="text-sm font-semibold text-slate-700">{t('selectedTime')}</h4>
            <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-900">
              <span className="font-semibold">
                {t('selected', { time: selected?.label ?? selectedTimeSlot })}
              </span>
              <button
                type="button"
                data-change
                onClick={() => {
                  onTimeSlotSelect?.('');
                  setFocusAfter('slots');
                }}
                className="rounded text-sm font-medium text-slate-900 underline decoration-[var(--kt-primary)] decoration-2 underline-offset-2 hover:no-underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)]"
              >
                {t('change')}
              </button>
            </p>
            {selectedActions ? <div className="mt-4">{selectedActions}</div> : null}
          </div>
        ) : slots.length === 0 ? (
          <>
            <p className="rounded-lg bg-slate-50 px-3 py-4 text-center text-sm text-slate-600">
              {t('noSlots')}
            </p>
            {noSlots}
          </>
        ) : (
          <>
            <h4 className="mb-2 text-sm font-semibold text-slate-700">{t('availableTimes')}</h4>
            <TimeSlotGrid
              slots={slots}
              selectedValue={selectedTimeSlot}
              onSelect={(value) => {
                onTimeSlotSelect?.(value);
                setFocusAfter('change');
              }}
            />
          </>
        )}
      </div>
    </section>
  );
}

function NavButton({
  label,
  onClick,
  children,
}: {
  label: string;
  onClick: () => void;
  children: ReactNode;
}) {
  return (
    <button
      type="button"
      aria-label={label}
      onClick={onClick}
      className="inline-flex size-10 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)]"
    >
      <svg
        viewBox="0 0 24 24"
        fill="none"
        stroke="currentColor"
        strokeWidth="2"
        strokeLinecap="round"
        strokeLinejoin="round"
        aria-hidden="true"
        className="size-5"
      >
        {children}
      </svg>
    </button>
  );
}

function dayClasses(state: DayState, selected: boolean, inMonth: boolean): string {
  const base =
    'relative mx-auto flex aspect-square w-full max-w-11 min-h-10 items-center justify-center rounded-full border-2 text-sm font-medium transition-colors ' +
    'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:ring-offset-2';
  if (selected)
    return `${base} border-[var(--kt-primary)] bg-[var(--kt-primary)] text-[var(--kt-on-primary)]`;
  if (state.disabled) {
    return `${base} cursor-not-allowed border-transparent ${inMonth ? 'text-slate-300' : 'text-slate-200'}`;
  }
  if (state.available) return `${base} bg-emerald-50/40 font-semibold text-slate-900 hover:bg-emerald-50`;
  // A day with no time left is still a day one can pick (its date says why): its number at AA contrast (4.7:1).
  return `${base} border-transparent text-slate-500 hover:bg-slate-100`;
}

function toSlot(slot: string | CalendarTimeSlot): CalendarTimeSlot {
  return typeof slot === 'string' ? { value: slot, label: slot } : slot;
}

/** 'yyyy-MM' → the first of that month at local midnight. */
function parseMonth(month: string): Date {
  const [year = 1970, monthNumber = 1] = month.split('-').map(Number);
  return new Date(year, monthNumber - 1, 1);
}
