// The booking page's submit, its work (spec §8; the hook use-booking-submit.ts is what the page holds): the
// details form's values with the choices before it become a booking, a team consultation or a reschedule, sent
// once per attempt (an idempotency key, kept by the query client's retry); the result is kept for the tab (a
// reload shows the confirmation again), and a failure is told, tracked, and sent where the buyer can fix it — a
// taken slot back to the calendar, a 400's fields to the form. Not on the first load (issue 43: the booking page
// makes room for its texts): the page loads this file when the buyer submits, or when the details step shows.
import type { QueryClient } from '@tanstack/react-query';
import type { BookingPageState } from '@keyturn/domain/bookingSubmit';
import { PLACEHOLDER_PROPERTY } from '@keyturn/domain/constants';
import { DEFAULT_LOCALE, type Locale, type Translate } from '@keyturn/domain/i18n/locales';
import { MESSAGES } from '@keyturn/domain/messages';
import type { BookingDetailsForm } from '@keyturn/domain/schemas/booking';
import type { BuyerBooking } from '@keyturn/domain/schemas/publicBooking';
import type { TeamBookingRequestInput } from '@keyturn/domain/schemas/teamPage';
import { to12Hour } from '@keyturn/domain/time';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { writeSession } from '@/lib/session-store';
import { createBooking, newIdempotencyKey, rescheduleBooking } from '../api';
import { loadBookingRequestBuilder } from '../components/lazy-steps';
import type { RescheduleBody } from '../api';
import type { BookingSubmitInput } from './booking-submit-input';

type SubmitVariables =
  | { kind: 'book'; body: Parameters<typeof createBooking>[0]; idempotencyKey: string }
  | { kind: 'team'; slug: string; body: TeamBookingRequestInput; idempotencyKey: string }
  | { kind: 'reschedule'; body: RescheduleBody };

const SLOT_CONFLICT_CODES = ['SLOT_TAKEN', 'SLOT_UNAVAILABLE', 'SLOT_UNREACHABLE'];

/**
 * Analytics, which the first screen does not load (decision 036; the root layout has usually loaded it by the
 * time a buyer submits). A failed load only loses the event, never the booking's result.
 */
function loadAnalytics() {
  return import('@/lib/analytics').catch(() => null);
}

/** What the page hands the submit besides its choices. */
export type SubmitContext = BookingSubmitInput & {
  queryClient: QueryClient;
  locale: Locale;
  /** The page's texts by full id (the details step's area is loaded with the step the buyer submits from). */
  tr: Translate;
  setAssignedAgent: (name: string) => void;
};

/** The details form's valid values → the booking; resolves to the server's field messages to show. */
export async function submitBooking(
  context: SubmitContext,
  values: BookingDetailsForm,
): Promise<Record<string, string>> {
  const {
    setup,
    team,
    choices,
    selectedSlot,
    property,
    resultKey,
    move,
    onBooked,
    slotQueries,
    holdToken = null,
    queryClient,
    locale,
    tr,
    setAssignedAgent,
  } = context;
  const { agentId, propertyId, reschedule } = setup;
  const hasPropertyId = propertyId !== null;
  const { purpose, customPurpose, date } = choices;
  const say: Say = (id, english, values) => {
    const text = tr(id, values);
    return text === id ? english : text;
  };
  /** A domain message (MESSAGES) in the page's language: the form's field texts are keyed by MESSAGES key. */
  const sayMessage = (english: string) => {
    const key = Object.entries(MESSAGES).find(([, text]) => text === english)?.[0];
    return key ? say(`fields.${key}`, english) : english;
  };
  const failed = () =>
    reschedule
      ? say('details.rescheduleFailed', MESSAGES.rescheduleFailed)
      : say('details.submitFailed', MESSAGES.bookingSubmitFailed);
  // The query client's mutation (its retry policy, spec §7), without the hooks around it: the page keeps its own
  // "submitting" state.
  const send = (variables: SubmitVariables) =>
    queryClient
      .getMutationCache()
      .build<BuyerBooking, unknown, SubmitVariables, unknown>(queryClient, {
        mutationFn: async (sent: SubmitVariables) => {
          if (sent.kind === 'team') {
            const { createTeamBooking } = await import('../team-api');
            const result = await createTeamBooking(sent.slug, sent.body, sent.idempotencyKey);
            setAssignedAgent(result.agent.name);
            return result.booking;
          }
          return sent.kind === 'book'
            ? createBooking(sent.body, sent.idempotencyKey)
            : rescheduleBooking(sent.body);
        },
      })
      .execute(variables);
  const state: BookingPageState = {
    form: values,
    hasPropertyId,
    property:
      propertyId !== null
        ? { id: propertyId }
        : choices.propertyId !== null
          ? { id: choices.propertyId }
          : PLACEHOLDER_PROPERTY,
    // A team consultation names no agent: the request goes to the team, which picks one.
    agentId: agentId ?? team?.slug ?? null,
    date,
    // The slot's agent-zone wall time; the domain turns it into 24-hour HH:mm.
    timeSlot: selectedSlot ? to12Hour(selectedSlot.time) : null,
    purpose,
    customPurpose,
  };
  // The builder is not on the first load (decision 036); the details step has warmed it.
  const builder = await loadBookingRequestBuilder().catch(() => null);
  if (!builder) {
    toast.error(failed());
    return {};
  }
  const { buildBookingRequest, buildRescheduleRequest } = builder;
  const built = reschedule ? buildRescheduleRequest(state, reschedule.bookingId) : buildBookingRequest(state);
  if (!built.ok) {
    toast.error(sayMessage(built.error));
    if (built.error === MESSAGES.purposeRequired) move({}, 'purpose');
    return {};
  }

  // The server books exactly the instant it offered (which pass of a repeated hour); the fallback grid
  // has none, and the server places its wall time.
  const request = { ...built.request, starts_at: selectedSlot?.startsAt ?? null };
  // Issue 43: the page's language, stored with the booking (the team's payload does not take it yet). An
  // English page sends the spec §3 payload as it was: the server takes the request's language (the client's
  // Accept-Language is the page's), so English needs no field.
  const localized = locale === DEFAULT_LOCALE ? request : { ...request, locale };
  const variables: SubmitVariables = reschedule
    ? {
        kind: 'reschedule',
        body: {
          ...localized,
          token: reschedule.token,
          ...(holdToken ? { hold_token: holdToken } : {}),
        } as RescheduleBody,
      }
    : team
      ? {
          kind: 'team',
          slug: team.slug,
          body: teamRequest(holdToken ? { ...request, hold_token: holdToken } : request),
          idempotencyKey: newIdempotencyKey(),
        }
      : // One key per submit attempt; the mutation's automatic retry reuses these variables, key included.
        {
          kind: 'book',
          body: holdToken ? { ...localized, hold_token: holdToken } : localized,
          idempotencyKey: newIdempotencyKey(),
        };
  try {
    const result = await send(variables);
    const analytics = reschedule ? null : await loadAnalytics();
    if (analytics) {
      const { id, booking_date: appointment_date, status } = result;
      const event = { id, property_address: property?.address ?? '', appointment_date, status };
      analytics.trackBooking('booking_created', event);
      if (result.status === 'confirmed') analytics.trackBooking('booking_confirmed', event);
    }
    onBooked(result);
    writeSession(resultKey, result);
    move({}, 'confirmation');
    toast.success(
      submittedToast(
        say,
        builder.submittedToast(result.status === 'pending', reschedule !== null, result.awaiting ?? 'agent'),
        result.status === 'pending',
        reschedule !== null,
        result.awaiting ?? 'agent',
      ),
    );
    return {};
  } catch (error) {
    return handleSubmitError(error, await loadAnalytics());
  }

  /** Toast and track the failure; a taken slot goes back to the calendar, a 400's fields go to the form. */
  function handleSubmitError(
    error: unknown,
    analytics: Awaited<ReturnType<typeof loadAnalytics>>,
  ): Record<string, string> {
    const message = serverMessage(error) ?? failed();
    toast.error(message);
    analytics?.trackError(message, error instanceof ApiError ? error.code : undefined);
    if (!(error instanceof ApiError)) return {};
    if (error.status === 409 && SLOT_CONFLICT_CODES.includes(error.code)) {
      // Someone took the time: fresh slots for the date, and the buyer picks again; the form keeps its values
      // (session storage).
      move({ time: '', startsAt: null }, 'calendar');
      for (const queryKey of slotQueries) void queryClient.invalidateQueries({ queryKey });
      return {};
    }
    return error.fields;
  }
}

/**
 * The toast after a booking or reschedule in the page's language; `english` is the domain's sentence
 * (bookingSubmit.submittedToast), shown when the details texts are not there.
 */
function submittedToast(
  say: Say,
  english: string,
  pending: boolean,
  rescheduled: boolean,
  awaiting: 'agent' | 'seller',
): string {
  if (!pending) return say(rescheduled ? 'details.rescheduledToast' : 'details.submitted', english);
  return say('details.requestToast', english, { who: awaiting, re: rescheduled ? 'yes' : 'no' });
}

/** A text of the page's language by its full id, or `english` (the domain's) when its area is not there. */
type Say = (id: string, english: string, values?: Record<string, string>) => string;

/** The `error` field of the server's answer, when there was one (spec §8); null for a network failure. */
function serverMessage(error: unknown): string | null {
  // Our API always answers errors as { error, code }; without a code the body was not ours (a proxy page).
  if (error instanceof ApiError && error.status > 0 && !error.code.startsWith('HTTP_')) return error.message;
  return null;
}

/** A booking request as a team consultation: no agent (the server picks) and no property. */
function teamRequest(request: Parameters<typeof createBooking>[0]): TeamBookingRequestInput {
  const { agent_id: _agent, property_id: _property, ...rest } = request;
  return rest;
}
