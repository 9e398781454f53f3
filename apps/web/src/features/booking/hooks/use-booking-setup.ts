// Everything the booking page needs before its first step (spec §2.4, §7): which agent and property the
// address names (route, ?agent=, a booking link, or the prefill of ?token=), the prefill itself, the
// property with its agent or the agent's public profile, and the weekday availability.
import { createContext, useEffect } from 'react';
import { useParams, useSearchParams } from '@/lib/router';
import { useQuery } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { parsePropertyRef, type PropertyRef } from '@keyturn/domain/links';
import type { AvailabilityEntry } from '@keyturn/domain/schemas/availability';
import type { ShowingAnswer } from '@keyturn/domain/listing/applyRules';
import type { Prefill } from '@keyturn/domain/schemas/prefill';
import type { Property } from '@keyturn/domain/schemas/property';
import type { PublicTeam } from '@keyturn/domain/schemas/publicBooking';
import { isValidIsoDate, isValidTime24 } from '@keyturn/domain/time';
import { ApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { BOOKING } from '../texts';
import {
  fetchBookingLink,
  fetchPrefill,
  fetchPropertyDetails,
  fetchPublicAgent,
  fetchPublicAvailability,
  inlinePublicAgent,
  inlinePublicAvailability,
} from '../api';
import { fallbackAgent, fromPropertyAgent, fromPublicAgent, fromTeam, withTeamBrand } from '../types';
import type { DisplayAgent } from '../types';

export interface BookingSetup {
  agentId: string | null;
  agent: DisplayAgent;
  /** The property id the address names (route, link or prefill); null without one. */
  propertyId: number | null;
  /** The loaded property; null without a property id or when its load failed for another reason than 404. */
  property: Property | null;
  prefill: Prefill | null;
  /** Set in reschedule mode (spec §4): the booking being moved and the buyer's manage token. */
  reschedule: { bookingId: string; token: string } | null;
  /** A valid date / time from the query (or else the prefill) to start at calendar with (spec §4, §5). */
  initialDate: string | null;
  initialTime: string | null;
  /** Weekday availability of the agent who takes the booking; [] until loaded or when it fails. */
  availability: AvailabilityEntry[];
  /**
   * A team's page or link (issue 15): its branding; without a property, the booking is a consultation with
   * the team (its pool's times; the server picks the member). Absent otherwise.
   */
  team?: PublicTeam | null;
  /** Issue 32: the property's showing (instructions only, the suggested notice); absent without a property. */
  showing?: PropertyShowing | null;
  /** Issue 43: the agent's default language, from their answer (the page follows it unless the visitor chose). */
  agentLanguage?: string | null;
}

/**
 * The agent booking page's setup for the parts of a step that need more than the step's props (issue 44: the
 * waiting list's offer under a date without times). Null outside the agent booking page (the team page).
 */
export const BookingSetupContext = createContext<BookingSetup | null>(null);

/** How the property is shown: the domain's one answer (showingAnswer), as the API sends it. */
export type PropertyShowing = ShowingAnswer;

export type BookingSetupState =
  | { status: 'loading' }
  | { status: 'property-not-found' }
  | { status: 'link-not-found' }
  | { status: 'no-agent'; reschedule: boolean }
  /** A reschedule link the server refuses with its reason (issue 44: inside the showing's cut-off). */
  | { status: 'changes-closed'; message: string }
  | { status: 'ready'; setup: BookingSetup };

export const bookingKeys = {
  link: (linkId: string) => ['booking', 'link', linkId] as const,
  prefill: (token: string) => ['booking', 'prefill', token] as const,
  property: (propertyId: PropertyRef) => ['booking', 'property', propertyId] as const,
  agent: (agentId: string) => ['booking', 'agent', agentId] as const,
  availability: (agentId: string) => ['booking', 'availability', agentId] as const,
  properties: (agentId: string) => ['booking', 'properties', agentId] as const,
  texts: (agentId: string) => ['booking', 'texts', agentId] as const,
  slots: (target: string, date: string) => ['booking', 'slots', target, date] as const,
  dates: (target: string, month: string) => ['booking', 'dates', target, month] as const,
  manage: (token: string) => ['booking', 'manage', token] as const,
};

/** @param mode 'reschedule' on /booking/reschedule, where the page exists only to move a booking. */
export function useBookingSetup(mode: 'book' | 'reschedule'): BookingSetupState {
  const params = useParams();
  const [search] = useSearchParams();
  const t = useT(BOOKING);
  const token = search.get('token')?.trim() || null;
  const linkId = params.linkId ?? null;

  // A prefill (of a link or a token) is read through the domain's prefill schema, which loads only then.
  const linkQuery = useQuery({
    queryKey: bookingKeys.link(linkId ?? ''),
    queryFn: async () => {
      const link = await fetchBookingLink(linkId ?? '');
      return { ...link, prefill: link.prefill ? await readPrefill(link.prefill) : null };
    },
    enabled: linkId !== null,
  });
  const prefillQuery = useQuery({
    queryKey: bookingKeys.prefill(token ?? ''),
    queryFn: async () => {
      const answer = await fetchPrefill(token ?? '');
      return answer ? { ...answer, prefill: await readPrefill(answer.prefill) } : null;
    },
    enabled: token !== null,
    staleTime: 0,
    retry: false,
  });
  const link = linkQuery.data ?? null;
  const prefillAnswer = prefillQuery.data ?? null;
  const sourcesSettled = !linkQuery.isLoading && !prefillQuery.isLoading;

  // The route names the property by its numeric id (spec) or its unguessable public id (the app's links).
  const routeProperty = parsePropertyRef(params.propertyId);
  const propertyRef = routeProperty ?? link?.property_id ?? prefillAnswer?.property_id ?? null;
  // A team's consultation link (issue 15) names no agent: the team's pool takes it.
  const team = link?.team ?? null;
  const teamConsultation = team !== null && link?.property_id === null;
  // Spec §2.4: the route parameter, else the agent query parameter; a link or prefill names it otherwise.
  const agentId =
    params.agentId ??
    (search.get('agent')?.trim() || null) ??
    (teamConsultation ? null : link?.agent_id) ??
    prefillAnswer?.agent_id ??
    null;

  const propertyQuery = useQuery({
    queryKey: bookingKeys.property(propertyRef ?? 0),
    queryFn: () => fetchPropertyDetails(propertyRef ?? 0),
    enabled: sourcesSettled && propertyRef !== null,
  });
  // The booking itself names the property by its numeric id (spec §3): known once the details are read.
  const propertyId =
    typeof propertyRef === 'string' ? (propertyQuery.data?.property.id ?? null) : propertyRef;
  const propertyMissing = isStatus(propertyQuery.error, 404);
  const propertyFailed = propertyQuery.isError && !propertyMissing;

  // Spec §7: the agent's profile is read when there is no property (or the property could not be read).
  const agentQuery = useQuery({
    queryKey: bookingKeys.agent(agentId ?? ''),
    queryFn: () => fetchPublicAgent(agentId ?? ''),
    // A server-rendered page (decision 034) starts with the answer its HTML carries.
    initialData: () => (agentId === null ? undefined : inlinePublicAgent(agentId)),
    enabled: sourcesSettled && agentId !== null && (propertyRef === null || propertyFailed),
  });

  // Spec §7: availability for the agent from the route or query, and again for the property's agent if
  // that is someone else. The property's agent is the one who takes the booking.
  const propertyAgentId = propertyQuery.data?.agent.id ?? null;
  const routeAvailability = useQuery({
    queryKey: bookingKeys.availability(agentId ?? ''),
    queryFn: () => fetchPublicAvailability(agentId ?? ''),
    initialData: () => (agentId === null ? undefined : inlinePublicAvailability(agentId)),
    enabled: sourcesSettled && agentId !== null,
  });
  const propertyAgentAvailability = useQuery({
    queryKey: bookingKeys.availability(propertyAgentId ?? ''),
    queryFn: () => fetchPublicAvailability(propertyAgentId ?? ''),
    enabled: propertyAgentId !== null && propertyAgentId !== agentId,
  });

  useEffect(() => {
    // One toast however often this renders (spec §8 "Property load fails").
    if (propertyFailed) toast.error(t('loadFailed'), { id: 'property-load-failed' });
    // Once per failure, in the language the page had then.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [propertyFailed]);

  if (params.propertyId !== undefined && routeProperty === null) return { status: 'property-not-found' };
  if (!sourcesSettled || propertyQuery.isLoading || agentQuery.isLoading) return { status: 'loading' };
  if (linkQuery.isError) return { status: 'link-not-found' };
  // Spec: on the booking page a prefill that fails is silently ignored; the reschedule page exists only to move
  // the booking, so there a refusal (issue 44's cut-off) is shown in the server's words.
  if (mode === 'reschedule' && prefillQuery.error) {
    return { status: 'changes-closed', message: prefillQuery.error.message };
  }
  if (propertyMissing) return { status: 'property-not-found' };

  const read = prefillAnswer ? prefillAnswer.prefill : (link?.prefill ?? null);
  const prefill = read?.prefill ?? null;
  const rescheduling = token !== null && read !== null && read.reschedule;
  if (mode === 'reschedule' && !rescheduling) return { status: 'no-agent', reschedule: true };

  const details = propertyQuery.data;
  const bookingAgentId = details?.agent.id ?? agentId;
  if (!bookingAgentId && propertyRef === null && !teamConsultation)
    return { status: 'no-agent', reschedule: false };

  const agentShown = details
    ? fromPropertyAgent(details.agent)
    : agentQuery.data
      ? fromPublicAgent(agentQuery.data)
      : fallbackAgent(bookingAgentId);
  const agent = team ? (teamConsultation ? fromTeam(team) : withTeamBrand(agentShown, team)) : agentShown;

  const queryDate = search.get('date');
  const queryTime = search.get('time');
  const initialDate = isValidIsoDate(queryDate) ? queryDate : (prefill?.booking_date ?? null);
  const initialTime = isValidTime24(queryTime) ? queryTime : (prefill?.booking_time ?? null);

  return {
    status: 'ready',
    setup: {
      agentId: bookingAgentId,
      agent,
      propertyId,
      property: details?.property ?? null,
      prefill,
      reschedule: rescheduling && token ? { bookingId: prefill?.booking_id ?? '', token } : null,
      initialDate,
      initialTime: initialDate ? initialTime : null,
      availability:
        (propertyAgentId !== null && propertyAgentId !== agentId
          ? propertyAgentAvailability.data
          : routeAvailability.data) ?? [],
      team,
      showing: details?.showing ?? null,
      agentLanguage: details?.agent.defaultLanguage ?? agentQuery.data?.defaultLanguage ?? null,
    },
  };
}

/**
 * The domain's sanitizePrefill and isRescheduleMode (spec §4, §5), imported with the prefill schema (zod)
 * only when a page has a prefill at all.
 */
async function readPrefill(raw: unknown): Promise<{ prefill: Prefill; reschedule: boolean }> {
  const { isRescheduleMode, sanitizePrefill } = await import('@keyturn/domain/prefill');
  const prefill = sanitizePrefill(raw);
  return { prefill, reschedule: isRescheduleMode(prefill) };
}

function isStatus(error: unknown, status: number): boolean {
  return error instanceof ApiError && error.status === status;
}
