// The steps of the public booking page (spec §2.4, §4, §5): purpose → property selection → calendar →
// (time) → details → confirmation, with the Back walk of §2.4. Step order, the submit payload and every
// message come from the domain package; this component holds the state between steps. The submit is
// use-booking-submit's, the kept result use-stored-booking's.
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import {
  initialStep,
  needsPropertySelection,
  nextStep,
  previousStep,
  resumeStep,
} from '@keyturn/domain/bookingFlow';
import type { BookingStep, FlowContext } from '@keyturn/domain/bookingFlow';
import { bookableDates } from '@keyturn/domain/bookingWindow';
import { CONSULTATION_PURPOSES, PROPERTY_PURPOSES } from '@keyturn/domain/enums';
import type { BookingPurpose } from '@keyturn/domain/enums';
import { WHO_DECIDES } from '@keyturn/domain/listing/whoDecides';
import type { Property } from '@keyturn/domain/schemas/property';
import { isoDateInZone, timeZoneName } from '@keyturn/domain/time';
import type { TimeSlot } from '@keyturn/domain/timeSlots';
import { fetchPublicProperties, fetchTextsOffered } from '../api';
import type { SlotTarget } from '../api';
import { browserTimeZone, formatLongDate, purposeLabel, timeSummary, toIsoDate } from '../format';
import { useAvailableDates } from '../hooks/use-available-dates';
import { bookingKeys } from '../hooks/use-booking-setup';
import type { BookingSetup } from '../hooks/use-booking-setup';
import { useFlowUrl } from '../hooks/use-flow-url';
import type { FlowChoices } from '../hooks/use-flow-url';
import { useTimeSlots } from '../hooks/use-time-slots';
import { loadSubmit, useBookingSubmit } from '../hooks/use-booking-submit';
import { useStoredBooking } from '../hooks/use-stored-booking';
import { heldSlotOf, holdTargetOf, useSlotHold } from '../hooks/use-slot-hold';
import { toast } from '@/lib/toast';
import { useAgentLanguage, useLocale, useT } from '@/lib/i18n';
import { BOOKING, type BookingT } from '../texts';
import { AgentPanel } from './agent-panel';
import { PoweredBy } from '@/components/buyer-footer';
import type { SummaryRow } from './booking-summary';
import {
  CalendarStep,
  ConfirmationStep,
  DetailsPanel,
  InstructionsPanel,
  PropertyStep,
  StepLoading,
  StepSuspense,
  TimeGoneStep,
  TimeStep,
  loadBuyerBookingSchema,
  prefetchLaterSteps,
} from './lazy-steps';
import { PurposeStep } from './purpose-step';
import { BackButton } from './back-button';
import { slotChoice, slotValue } from './slot-choice';
import { focusStepHeading } from './step-heading';

/** @param flowKey names this booking page in the tab's session storage (path, agent and token). */
export function BookingFlow({ setup, flowKey }: { setup: BookingSetup; flowKey: string }) {
  const { agent, agentId, propertyId, prefill, reschedule, availability } = setup;
  const t = useT(BOOKING);
  const { intlLocale } = useLocale();
  // Issue 43: the agent's default language, once their answer is here (unless the visitor chose one).
  useAgentLanguage(setup.agentLanguage);
  // A consultation with a team (issue 15): the team's pool offers the times and the server picks the member.
  const team = setup.team && propertyId === null && agentId === null ? setup.team : null;
  const hasPropertyId = propertyId !== null;

  // The step and the choices before the details form live in the address (use-flow-url); until the buyer
  // first moves, the page's defaults apply (spec §4: a route property or a valid date opens the calendar;
  // the query's or prefill's date and time are preselected, the prefill's purpose chosen).
  const flowUrl = useFlowUrl();
  const storageKeys = useMemo(() => flowStorageKeys(flowKey), [flowKey]);
  const choices: FlowChoices = flowUrl.url.written
    ? flowUrl.url.choices
    : {
        purpose: prefill?.booking_purpose ?? '',
        customPurpose: prefill?.custom_purpose ?? '',
        propertyId: null,
        date: setup.initialDate,
        time: setup.initialTime ?? '',
        startsAt: null,
      };
  const { purpose, customPurpose, date } = choices;
  // The result of this tab's submit (a reload of the confirmation): until it is checked, the step waits
  // (restoring) rather than showing another one.
  const { booking, setBooking, restoring } = useStoredBooking(storageKeys.result, loadBuyerBookingSchema);
  // Only the confirmation needs the stored result; any other step shows at once.
  const waitForResult = restoring && flowUrl.url.requestedStep === 'confirmation';
  // The later steps' chunks, warmed while the buyer reads the first one.
  useEffect(() => prefetchLaterSteps(), []);
  const hasTime = choices.time !== '' || choices.startsAt !== null;
  const step = resumeStep(
    flowUrl.url.requestedStep,
    {
      hasPropertyId,
      purpose,
      hasDate: date !== null,
      hasTime,
      hasBooking: booking !== null,
    },
    initialStep({ hasPropertyId, hasValidDate: setup.initialDate !== null }),
  );
  const move = (patch: Partial<FlowChoices>, to: BookingStep = step) =>
    flowUrl.go(step, to, { ...choices, ...patch });
  const [purposeError, setPurposeError] = useState<string | null>(null);
  // The month the calendar shows (it reports it once it runs): a chosen date's, which it opens on, from the start.
  const [visibleMonth, setVisibleMonth] = useState<string | null>(() => (date ? date.slice(0, 7) : null));
  const [showInBuyerZone, setShowInBuyerZone] = useState(false);
  const mainRef = useRef<HTMLElement>(null);
  const shownStep = useRef(step);

  useEffect(() => {
    // A new step: bring it into view (on a phone the panel sits above it) and give its heading the focus.
    if (shownStep.current === step) return;
    shownStep.current = step;
    const main = mainRef.current;
    if (!main) return;
    main.scrollIntoView?.({ block: 'start', behavior: 'smooth' });
    return focusStepHeading(main);
  }, [step]);

  const flow: FlowContext = { hasPropertyId, purpose };
  const propertiesQuery = useQuery({
    queryKey: bookingKeys.properties(agentId ?? ''),
    queryFn: () => fetchPublicProperties(agentId ?? ''),
    enabled:
      agentId !== null && !hasPropertyId && (step === 'property_selection' || choices.propertyId !== null),
  });
  // Issue 39: "Text me about this showing" only when texts will go out (never for a team's pool: the member is
  // chosen at booking). Asked once the details step is near; until it answers, the box is not shown.
  const textsAgentId = team ? null : agent.id;
  const textsQuery = useQuery({
    queryKey: bookingKeys.texts(textsAgentId ?? ''),
    queryFn: () => fetchTextsOffered(textsAgentId ?? ''),
    enabled: textsAgentId !== null && step !== 'purpose' && step !== 'property_selection',
    staleTime: 60_000,
  });
  const chosenProperty =
    choices.propertyId === null
      ? null
      : (propertiesQuery.data?.find((listed) => listed.id === choices.propertyId) ?? null);
  const property = setup.property ?? chosenProperty;
  // Issue 32 / 39 §4: a listing shown by instructions only — the property's page, or one the buyer picked on the
  // agent's page — has no calendar: its instructions and the agent's contact, in the page's frame.
  const showing = setup.property ? setup.showing : (chosenProperty?.showing ?? null);
  const byInstructions =
    showing?.instructions_only === true && step !== 'purpose' && step !== 'property_selection';
  const hasProperty = hasPropertyId || choices.propertyId !== null;
  const agentZone = agent.timeZone;
  const viewZone = agentZone && showInBuyerZone && browserTimeZone() !== agentZone ? browserTimeZone() : null;

  const slotTarget: SlotTarget | null =
    propertyId !== null
      ? { propertyId }
      : choices.propertyId !== null
        ? { propertyId: choices.propertyId }
        : agentId
          ? { agentId }
          : team
            ? { teamSlug: team.slug }
            : null;
  // The days the calendar marks: the server's answer for the month shown (overrides, notice and bookings
  // applied), and "today" is the agent's. Until it answers, or if it cannot, spec §5's rule: tomorrow … 60
  // days on the agent's calendar, on the agent's available weekdays.
  const shownDates = useAvailableDates(slotTarget, visibleMonth);
  const dateMonthDates = useAvailableDates(slotTarget, date ? date.slice(0, 7) : null);
  // Asked for by the calendar and a chosen date only: the purpose and property steps paint and hydrate without
  // the locale data Intl loads on first use (~130 ms on a slowed phone CPU, issue 48).
  const needsDates = step === 'calendar' || date !== null;
  const todayIso = needsDates
    ? (shownDates.data?.today ?? (agentZone ? isoDateInZone(new Date(), agentZone) : toIsoDate(new Date())))
    : null;
  const weekdayGuess = useMemo(
    () => (todayIso === null ? [] : bookableDates(todayIso, availability)),
    [todayIso, availability],
  );
  const availableDates = shownDates.data?.dates ?? weekdayGuess;
  const dateIsBookable = date !== null && (dateMonthDates.data?.dates ?? weekdayGuess).includes(date);

  const slotsState = useTimeSlots({
    target: slotTarget,
    date,
    bookable: dateIsBookable,
    availability,
    hasProperty,
  });
  // Issue 44: on the details step the chosen time is held for the buyer (their own hold keeps it theirs after a
  // reload, though the slots no longer offer it); someone else's hold or booking sends them back to the calendar.
  const queryClient = useQueryClient();
  const holdAgentId = agentId ?? agent.id;
  const refreshSlots = () =>
    [slotsState.queryKey, dateMonthDates.queryKey].forEach(
      (queryKey) => void queryClient.invalidateQueries({ queryKey }),
    );
  const hold = useSlotHold({
    // A team's time is held for the member the server picks now; the booking with the hold books them.
    target: holdTargetOf(step === 'details' ? choices : null, slotsState.loading, {
      teamSlug: team?.slug ?? null,
      agentId: holdAgentId,
      propertyId: propertyId ?? choices.propertyId,
      rescheduleToken: reschedule?.token ?? null,
    }),
    storageKey: storageKeys.hold,
    onRefused: (message) => {
      toast.error(message);
      move({ time: '', startsAt: null }, 'calendar');
      refreshSlots();
    },
    onReleased: () => refreshSlots(),
  });
  const heldSlot = heldSlotOf(hold, choices);
  // A preselected time (query or prefill) holds only while it is one of the date's open slots; an 'HH:mm'
  // alone picks that time's earliest open slot.
  const selectedSlot = slotsState.loading
    ? null
    : (findSlot(slotsState.slots, choices.startsAt ?? '') ??
      heldSlot ??
      findSlot(slotsState.slots, choices.time));
  const selectedTime = slotsState.loading
    ? (choices.startsAt ?? choices.time)
    : selectedSlot
      ? slotValue(selectedSlot)
      : '';
  // A details link (or Back) whose time was taken or has passed (issue 29): say so and offer the date's times
  // instead of a form whose submit could only answer "Please complete all required fields".
  const timeGone = step === 'details' && hasTime && !slotsState.loading && selectedSlot === null;
  const showMonth = useCallback((month: string) => setVisibleMonth(month), []);
  const { submit, submitting, assignedAgent } = useBookingSubmit({
    setup,
    team,
    choices,
    selectedSlot,
    property,
    resultKey: storageKeys.result,
    move,
    onBooked: setBooking,
    slotQueries: [slotsState.queryKey, dateMonthDates.queryKey],
    holdToken: hold?.token ?? null,
  });

  // The submit's work loads with the details step, not with the page (issue 43).
  useEffect(() => {
    if (step === 'details') void loadSubmit().catch(() => undefined);
  }, [step]);

  function goBack() {
    const previous = previousStep(step, flow);
    if (previous) flowUrl.back(previous, choices);
  }

  function continueFromPurpose() {
    if (!purpose && !hasPropertyId) {
      setPurposeError(t('purposeRequired'));
      return;
    }
    setPurposeError(null);
    const next = nextStep('purpose', flow);
    if (next) move({}, next);
  }

  function changePurpose(value: BookingPurpose) {
    setPurposeError(null);
    // A property chosen for a viewing does not belong to a valuation or a custom appointment.
    move(PROPERTY_PURPOSES.includes(value) ? { purpose: value } : { purpose: value, propertyId: null });
  }

  function chooseProperty(chosen: Property | null) {
    move({ propertyId: chosen?.id ?? null }, 'calendar');
  }

  function changeDate(next: string) {
    move(next === date ? { date: next } : { date: next, time: '', startsAt: null });
  }

  /** A slot picked on the calendar or the time grid, by its value (slotValue): its wall time and instant. */
  function slotPatch(value: string): Partial<FlowChoices> {
    const slot = findSlot(slotsState.slots, value);
    return slot ? { time: slot.time.slice(0, 5), startsAt: slot.startsAt } : { time: '', startsAt: null };
  }

  // Times read off the server's instant; a fallback-grid slot (no instant yet) shows its agent-zone label.
  const summaryTime = (instant: string, dateIso: string, zone: string) =>
    timeSummary(instant, dateIso, zone, browserTimeZone(), intlLocale, t);
  const slotRow = (slot: TimeSlot, dateIso: string): SummaryRow =>
    slot.startsAt && agentZone
      ? { label: t('time'), ...summaryTime(slot.startsAt, dateIso, agentZone) }
      : {
          label: t('time'),
          value: agentZone
            ? `${slotChoice(slot, dateIso, null, agentZone, intlLocale).label} ${timeZoneName(agentZone, undefined, intlLocale)}`
            : slotChoice(slot, dateIso, null, null, intlLocale).label,
        };
  const propertyRow: SummaryRow = {
    label: t('property'),
    value: property ? `${property.address}, ${property.city}, ${property.state}` : t('consultWithAgent'),
  };

  return (
    <>
      <div className="mx-auto flex w-full max-w-5xl flex-col gap-3 md:flex-row md:gap-0 md:overflow-hidden md:rounded-2xl md:border md:border-slate-200 md:bg-white md:shadow-sm">
        <AgentPanel
          agent={agent}
          property={property}
          showPlaceholder={!team && (!purpose || needsPropertySelection({ hasPropertyId: false, purpose }))}
          purpose={purpose ? (PROPERTY_PURPOSES.includes(purpose) ? 'viewing' : 'consultation') : null}
        />
        <main
          ref={mainRef}
          id="main"
          className="min-w-0 scroll-mt-4 flex-1 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6 md:rounded-none md:border-0 md:p-8 md:shadow-none"
        >
          {previousStep(step, flow) &&
          !(step === 'confirmation' && booking && reschedule) &&
          !(byInstructions && hasPropertyId) ? (
            <BackButton onClick={goBack} />
          ) : null}

          {reschedule && step !== 'confirmation' ? (
            <p className="mb-4 rounded-lg bg-slate-100 px-3 py-2 text-sm text-slate-700">
              {t('rescheduling')}
            </p>
          ) : null}

          {waitForResult ? <StepLoading /> : null}

          {byInstructions && showing ? (
            <StepSuspense>
              <InstructionsPanel
                agentName={agent.name}
                address={property ? propertyRow.value : null}
                showing={showing}
              />
            </StepSuspense>
          ) : waitForResult ? null : (
            <StepSuspense>
              {step === 'purpose' ? (
                <PurposeStep
                  purposes={team ? CONSULTATION_PURPOSES : undefined}
                  purpose={purpose}
                  customPurpose={customPurpose}
                  hasPropertyId={hasPropertyId}
                  error={purposeError}
                  onPurposeChange={changePurpose}
                  onCustomPurposeChange={(value) => move({ customPurpose: value })}
                  onContinue={continueFromPurpose}
                />
              ) : null}

              {step === 'property_selection' ? (
                <PropertyStep
                  properties={propertiesQuery.data ?? []}
                  loading={propertiesQuery.isLoading}
                  selectedId={choices.propertyId}
                  onSelect={chooseProperty}
                  onContinueWithout={() => chooseProperty(null)}
                />
              ) : null}

              {step === 'calendar' && todayIso !== null ? (
                <CalendarStep
                  primaryColor={agent.primaryColor}
                  agentZone={agentZone}
                  buyerZone={browserTimeZone()}
                  showInBuyerZone={showInBuyerZone}
                  onShowInBuyerZoneChange={setShowInBuyerZone}
                  availableDates={availableDates}
                  today={todayIso}
                  onMonthChange={showMonth}
                  date={date}
                  time={selectedTime}
                  slots={slotsState.slots}
                  slotsLoading={slotsState.loading}
                  onDateChange={changeDate}
                  onTimeChange={(value) => move(slotPatch(value))}
                  onContinue={() => move({}, nextStep('calendar', flow) ?? 'details')}
                />
              ) : null}
              {(step === 'calendar' || step === 'time') && date && slotsState.notes?.length ? (
                <ul aria-label={t('timesNotes')} className="mt-4 space-y-1 text-sm text-slate-700">
                  {slotsState.notes.map((note) => (
                    <li key={note} className="rounded-lg bg-amber-50 px-3 py-2 text-amber-900">
                      {note}
                    </li>
                  ))}
                </ul>
              ) : null}

              {step === 'time' && date ? (
                <TimeStep
                  date={date}
                  slots={slotsState.slots}
                  loading={slotsState.loading}
                  viewZone={viewZone}
                  agentZone={agentZone}
                  selected={selectedTime}
                  onSelect={(value) => move(slotPatch(value), nextStep('time', flow) ?? 'details')}
                />
              ) : null}

              {timeGone && date ? (
                <TimeGoneStep
                  date={date}
                  slots={slotsState.slots}
                  viewZone={viewZone}
                  agentZone={agentZone}
                  onSelect={(value) => move(slotPatch(value))}
                />
              ) : null}

              {step === 'details' && !timeGone ? (
                <DetailsPanel
                  storageKey={storageKeys.details}
                  prefill={prefill}
                  reschedule={reschedule !== null}
                  knownBuyer={reschedule !== null && knowsBuyer(prefill)}
                  textsOffered={textsQuery.data === true}
                  submitting={submitting}
                  onSubmit={submit}
                  hold={
                    hold && heldSlot && agentZone
                      ? {
                          expiresAt: hold.expires_at,
                          time: summaryTime(hold.starts_at, date ?? '', agentZone).value,
                        }
                      : null
                  }
                  decides={
                    setup.showing?.decides
                      ? WHO_DECIDES.beforeBooking(setup.showing.decides, agent.name)
                      : null
                  }
                  summary={[
                    { label: t('date'), value: date ? formatLongDate(date, intlLocale) : t('notSelected') },
                    selectedSlot && date
                      ? slotRow(selectedSlot, date)
                      : { label: t('time'), value: t('notSelected') },
                    team ? placeRow(team, t) : propertyRow,
                    { label: team ? t('team') : t('agent'), value: agent.name },
                  ]}
                />
              ) : null}

              {step === 'confirmation' && booking ? (
                <ConfirmationStep
                  booking={booking}
                  rescheduled={reschedule !== null}
                  agentName={assignedAgent ?? agent.name}
                  property={property}
                  place={agent.team ?? null}
                  purpose={purposeLabel(purpose, customPurpose, t)}
                  summary={[
                    { label: t('date'), value: formatLongDate(booking.booking_date, intlLocale) },
                    {
                      label: t('time'),
                      ...summaryTime(booking.starts_at, booking.booking_date, booking.time_zone),
                    },
                    team ? placeRow(team, t) : propertyRow,
                    { label: t('agent'), value: assignedAgent ?? agent.name },
                    { label: t('purpose'), value: purposeLabel(purpose, customPurpose, t) },
                  ]}
                />
              ) : null}
            </StepSuspense>
          )}
        </main>
      </div>
      <PoweredBy className="mt-5 justify-center pb-16 md:hidden" />
    </>
  );
}

/** The slot a choice names: by its instant, or — for an 'HH:mm' — that time's earliest open slot. */
function findSlot(slots: readonly TimeSlot[], choice: string): TimeSlot | null {
  if (!choice) return null;
  return (
    slots.find((slot) => slot.available && slotValue(slot) === choice) ??
    slots.find((slot) => slot.available && slot.time === choice) ??
    null
  );
}

/** A team consultation's place (issue 29): the office's address, or by phone or video. */
function placeRow(team: NonNullable<BookingSetup['team']>, t: BookingT): SummaryRow {
  return { label: t('where'), value: team.consultation.text };
}

/** Where this page keeps, for the tab's session, the details typed, the held time and the submit's result. */
function flowStorageKeys(flowKey: string) {
  return {
    details: `keyturn.booking.details:${flowKey}`,
    hold: `keyturn.booking.hold:${flowKey}`,
    result: `keyturn.booking.result:${flowKey}`,
  };
}

/** The prefill names the buyer fully (reschedule mode): name, e-mail, phone and buyer type. */
function knowsBuyer(prefill: BookingSetup['prefill']): boolean {
  return Boolean(prefill?.buyer_name && prefill.buyer_email && prefill.buyer_phone && prefill.buyer_type);
}
