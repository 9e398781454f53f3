// The booking flow's state in the address (issue 19): the step and every choice made before the details
// form are search parameters, so the browser's back and forward walk the steps, a reload resumes where the
// buyer was and a shared link opens the same step. Spec §2.4's own parameters keep their meaning: agent,
// token, date (yyyy-MM-dd) and time (24-hour HH:mm, the chosen slot's agent-zone wall time). The chosen
// slot's server instant rides along as `at`, so the same pass of a repeated hour is booked after a reload;
// the browser never turns a time label back into an instant.
import { useMemo } from 'react';
import { useLocation, useNavigate, useSearchParams } from '@/lib/router';
import { FLOW_PARAMS, isBookingStep } from '@keyturn/domain/bookingFlow';
import type { BookingStep } from '@keyturn/domain/bookingFlow';
import { BOOKING_PURPOSES } from '@keyturn/domain/enums';
import type { BookingPurpose } from '@keyturn/domain/enums';
import { isValidIsoDate, isValidTime24 } from '@keyturn/domain/time';

export { FLOW_PARAMS };

export interface FlowChoices {
  purpose: BookingPurpose | '';
  customPurpose: string;
  /** The property picked on the property step (not the route's). */
  propertyId: number | null;
  date: string | null;
  /** The chosen slot's agent-zone 'HH:mm'; '' when none. */
  time: string;
  /** The chosen slot's instant from the server; null for a fallback-grid slot or a preselected time. */
  startsAt: string | null;
}

export interface FlowUrl {
  /** The step the address names, as written (resumeStep decides whether the choices reach it). */
  requestedStep: string | null;
  /** The address carries the flow's state (a step); before the first move, the page's defaults apply. */
  written: boolean;
  choices: FlowChoices;
}

/** Reads the flow from the query; malformed values count as absent. */
export function readFlowUrl(search: URLSearchParams): FlowUrl {
  const step = search.get(FLOW_PARAMS.step);
  const purpose = search.get(FLOW_PARAMS.purpose) ?? '';
  const property = search.get(FLOW_PARAMS.propertyId) ?? '';
  const date = search.get(FLOW_PARAMS.date);
  const time = search.get(FLOW_PARAMS.time);
  const startsAt = search.get(FLOW_PARAMS.startsAt);
  return {
    requestedStep: step,
    written: isBookingStep(step),
    choices: {
      purpose: (BOOKING_PURPOSES as readonly string[]).includes(purpose) ? (purpose as BookingPurpose) : '',
      customPurpose: search.get(FLOW_PARAMS.customPurpose) ?? '',
      propertyId: /^[1-9]\d{0,15}$/.test(property) ? Number(property) : null,
      date: isValidIsoDate(date) ? date : null,
      time: isValidTime24(time) ? time : '',
      startsAt: startsAt && !Number.isNaN(Date.parse(startsAt)) ? startsAt : null,
    },
  };
}

/** The query for `step` and `choices`, keeping every other parameter (agent, token…). */
export function writeFlowUrl(
  search: URLSearchParams,
  step: BookingStep,
  choices: FlowChoices,
): URLSearchParams {
  const next = new URLSearchParams(search);
  const values: Record<keyof typeof FLOW_PARAMS, string | null> = {
    step,
    purpose: choices.purpose || null,
    customPurpose: choices.purpose === 'custom' ? choices.customPurpose || null : null,
    propertyId: choices.propertyId === null ? null : String(choices.propertyId),
    date: choices.date,
    time: choices.time || null,
    startsAt: choices.startsAt,
    // The assistant's handed hold (use-slot-hold.ts reads it once, as the page opens) leaves the address.
    hold: null,
  };
  for (const [field, name] of Object.entries(FLOW_PARAMS)) {
    const value = values[field as keyof typeof FLOW_PARAMS];
    if (value) next.set(name, value);
    else next.delete(name);
  }
  return next;
}

interface StepState {
  /** The step the entry before this one showed, when this entry was pushed by the flow. */
  bookingBack?: BookingStep;
}

/**
 * The flow's address: `go` writes a new state — a new history entry when the step changes, the same entry
 * otherwise (a date or time picked within a step); `back` is the page's Back button, which walks the
 * browser's history when its previous entry is the step to return to, and replaces the entry otherwise
 * (a shared link opened mid-flow has no earlier step in the history).
 */
export function useFlowUrl() {
  const [search, setSearch] = useSearchParams();
  const location = useLocation();
  const navigate = useNavigate();
  const url = useMemo(() => readFlowUrl(search), [search]);
  const entry = (location.state as StepState | null) ?? {};

  function go(from: BookingStep, to: BookingStep, choices: FlowChoices) {
    const push = from !== to;
    const state: StepState = push ? { bookingBack: from } : entry;
    setSearch(writeFlowUrl(search, to, choices), { replace: !push, state });
  }

  function back(previous: BookingStep, choices: FlowChoices) {
    if (entry.bookingBack === previous) void navigate(-1);
    else setSearch(writeFlowUrl(search, previous, choices), { replace: true });
  }

  return { url, go, back };
}
