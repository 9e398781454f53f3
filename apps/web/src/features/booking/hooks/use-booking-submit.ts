// The booking page's submit (spec §8): the details form's values with the choices before it become a booking,
// a team consultation or a reschedule, sent once per attempt (an idempotency key); the result is kept for
// the tab (a reload shows the confirmation again), and a failure is told, tracked, and sent where the buyer
// can fix it — a taken slot back to the calendar, a 400's fields to the form.
import { useState } from 'react';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { BookingStep } from '@keyturn/domain/bookingFlow';
import type { BookingPageState } from '@keyturn/domain/bookingSubmit';
import { PLACEHOLDER_PROPERTY } from '@keyturn/domain/constants';
import { MESSAGES } from '@keyturn/domain/messages';
import type { BookingDetailsForm } from '@keyturn/domain/schemas/booking';
import type { Property } from '@keyturn/domain/schemas/property';
import type { BuyerBooking, PublicTeam } from '@keyturn/domain/schemas/publicBooking';
import type { TeamBookingRequestInput } from '@keyturn/domain/schemas/teamPage';
import { to12Hour } from '@keyturn/domain/time';
import type { TimeSlot } from '@keyturn/domain/timeSlots';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import { writeSession } from '@/lib/session-store';
import { createBooking, newIdempotencyKey, rescheduleBooking } from '../api';
import { loadBookingRequestBuilder } from '../components/lazy-steps';
import type { RescheduleBody } from '../api';
import type { BookingSetup } from './use-booking-setup';
import type { FlowChoices } from './use-flow-url';

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

export type BookingSubmitInput = {
  setup: BookingSetup;
  /** The team a consultation goes to (its pool picks the member), else null. */
  team: PublicTeam | null;
  choices: FlowChoices;
  /** The open slot chosen, or null (the fallback grid's wall time is placed by the server). */
  selectedSlot: TimeSlot | null;
  property: Property | null;
  /** Where the tab keeps the result (use-stored-booking). */
  resultKey: string;
  move: (patch: Partial<FlowChoices>, to?: BookingStep) => void;
  onBooked: (booking: BuyerBooking) => void;
  /** The slot queries to refresh when the slot was taken meanwhile. */
  slotQueries: readonly (readonly unknown[])[];
  /** Issue 44: the buyer's hold of the chosen time, sent with the booking (which uses it up). */
  holdToken?: string | null;
};

export function useBookingSubmit({
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
}: BookingSubmitInput) {
  const { agentId, propertyId, reschedule } = setup;
  const hasPropertyId = propertyId !== null;
  const { purpose, customPurpose, date } = choices;
  const queryClient = useQueryClient();
  const [assignedAgent, setAssignedAgent] = useState<string | null>(null);
  const submitMutation = useMutation({
    mutationFn: async (variables: SubmitVariables) => {
      if (variables.kind === 'team') {
        const { createTeamBooking } = await import('../team-api');
        const result = await createTeamBooking(variables.slug, variables.body, variables.idempotencyKey);
        setAssignedAgent(result.agent.name);
        return result.booking;
      }
      return variables.kind === 'book'
        ? createBooking(variables.body, variables.idempotencyKey)
        : rescheduleBooking(variables.body);
    },
  });

  /** The details form's valid values → the booking; resolves to the server's field messages to show. */
  async function submit(values: BookingDetailsForm): Promise<Record<string, string>> {
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
      toast.error(reschedule ? MESSAGES.rescheduleFailed : MESSAGES.bookingSubmitFailed);
      return {};
    }
    const { buildBookingRequest, buildRescheduleRequest } = builder;
    const built = reschedule
      ? buildRescheduleRequest(state, reschedule.bookingId)
      : buildBookingRequest(state);
    if (!built.ok) {
      toast.error(built.error);
      if (built.error === MESSAGES.purposeRequired) move({}, 'purpose');
      return {};
    }

    // The server books exactly the instant it offered (which pass of a repeated hour); the fallback grid
    // has none, and the server places its wall time.
    const request = { ...built.request, starts_at: selectedSlot?.startsAt ?? null };
    const variables: SubmitVariables = reschedule
      ? {
          kind: 'reschedule',
          body: {
            ...request,
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
            body: holdToken ? { ...request, hold_token: holdToken } : request,
            idempotencyKey: newIdempotencyKey(),
          };
    try {
      const result = await submitMutation.mutateAsync(variables);
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
        builder.submittedToast(result.status === 'pending', reschedule !== null, result.awaiting ?? 'agent'),
      );
      return {};
    } catch (error) {
      return handleSubmitError(error, await loadAnalytics());
    }
  }

  /** Toast and track the failure; a taken slot goes back to the calendar, a 400's fields go to the form. */
  function handleSubmitError(
    error: unknown,
    analytics: Awaited<ReturnType<typeof loadAnalytics>>,
  ): Record<string, string> {
    const fallback = reschedule ? MESSAGES.rescheduleFailed : MESSAGES.bookingSubmitFailed;
    const message = serverMessage(error) ?? fallback;
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

  return { submit, submitting: submitMutation.isPending, assignedAgent };
}

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
