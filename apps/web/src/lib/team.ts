// Teams (issue 15): the caller's team (GET /api/team) and its changes; the invitation link's preview and
// accept. Every change refreshes the team (and GET /api/agents, which lists the team's agents).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  InvitationInput,
  InvitationPreview,
  TeamCreateInput,
  TeamInput,
  TeamInvitation,
  TeamOverview,
} from '@keyturn/domain/schemas/team';
import type { AgentProperty } from '@keyturn/domain/schemas/property';
import type { TeamBooking } from '@keyturn/domain/schemas/teamBookings';
import type { BookingLink } from '@keyturn/domain/schemas/agentBooking';
import type { PublicTeamPage } from '@keyturn/domain/schemas/teamPage';
import type { HandoverChoice, TeamRole } from '@keyturn/domain/teams';
import { api } from '@/lib/api';

export const TEAM_QUERY_KEY = ['team'] as const;

export function useTeam(enabled = true) {
  return useQuery({
    queryKey: TEAM_QUERY_KEY,
    queryFn: async () => (await api.get<{ data: TeamOverview | null }>('/team')).data,
    enabled,
  });
}

function useTeamChange<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['agents'], exact: true });
      // A team change can change whose the listings are (created with some, a removal's hand-over).
      await queryClient.invalidateQueries({ queryKey: ['properties'] });
    },
  });
}

const id = (value: string) => encodeURIComponent(value);

export const useCreateTeam = () => useTeamChange((input: TeamCreateInput) => api.post('/team', input));

/** The caller's own listings outside the team (issue 29): what they may move into it. Same key as the list. */
export function useOwnListings() {
  return useQuery({
    queryKey: ['properties'],
    queryFn: async () => (await api.get<{ data: AgentProperty[] }>('/properties')).data,
    select: (list) => list.filter((p) => p.team_id === null),
  });
}

/** POST /api/team/properties: the chosen listings become the team's (bookings and history kept). */
export function useMoveListings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (propertyIds: number[]) => api.post('/team/properties', { property_ids: propertyIds }),
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['properties'] }),
  });
}
export const useUpdateTeam = () => useTeamChange((input: TeamInput) => api.put('/team', input));
export const useInvite = () =>
  useTeamChange((input: InvitationInput) => api.post<{ data: TeamInvitation }>('/team/invitations', input));
export const useResendInvitation = () =>
  useTeamChange((invitationId: string) => api.post(`/team/invitations/${id(invitationId)}/resend`));
export const useRevokeInvitation = () =>
  useTeamChange((invitationId: string) => api.delete(`/team/invitations/${id(invitationId)}`));
export const useChangeRole = () =>
  useTeamChange(({ memberId, role }: { memberId: string; role: TeamRole }) =>
    api.put(`/team/members/${id(memberId)}/role`, { role }),
  );
/** A removal's choice for the member's future bookings (decision 026): reassign to a member, or cancel. */
export type RemovalChoice = { bookings: HandoverChoice; reassignTo: string | null } | null;

export const useRemoveMember = () =>
  useTeamChange(({ memberId, choice }: { memberId: string; choice: RemovalChoice }) => {
    const query = new URLSearchParams();
    if (choice) {
      query.set('bookings', choice.bookings);
      if (choice.bookings === 'reassign' && choice.reassignTo) query.set('reassign_to', choice.reassignTo);
    }
    const qs = query.toString();
    return api.delete(`/team/members/${id(memberId)}${qs ? `?${qs}` : ''}`);
  });
export const useLeaveTeam = () => useTeamChange(() => api.post('/team/leave'));
/** The caller's own consultation-pool switch (issue 15, PUT /api/team/pool). */
export const usePoolSwitch = () =>
  useTeamChange((inPool: boolean) => api.put('/team/pool', { in_pool: inPool }));

export function useInvitationPreview(invitationId: string) {
  return useQuery({
    queryKey: ['team-invitation', invitationId],
    queryFn: async () =>
      (await api.get<{ data: InvitationPreview }>(`/team-invitations/${id(invitationId)}`)).data,
  });
}

export const useAcceptInvitation = () =>
  useTeamChange((invitationId: string) => api.post(`/team-invitations/${id(invitationId)}/accept`));

/** Owners and admins: the team's bookings, every member's or one member's (agent id). */
export function useTeamBookings(member: string | null, enabled: boolean) {
  return useQuery({
    queryKey: [...TEAM_QUERY_KEY, 'bookings', member ?? 'all'],
    queryFn: async () =>
      (
        await api.get<{ data: TeamBooking[] }>(
          `/team/bookings?limit=50${member ? `&member=${encodeURIComponent(member)}` : ''}`,
        )
      ).data,
    enabled,
  });
}

// ---- the team's booking links and public page (issue 15, owners and admins) ----

const TEAM_LINKS_KEY = ['team', 'booking-links'] as const;

export function useTeamLinks(enabled: boolean) {
  return useQuery({
    queryKey: TEAM_LINKS_KEY,
    queryFn: async () => (await api.get<{ data: BookingLink[] }>('/team/booking-links')).data,
    enabled,
  });
}

/** The team's public page as buyers see it: its properties (what a team link may point at). */
export function usePublicTeam(slug: string | null) {
  return useQuery({
    queryKey: ['team-page', slug],
    queryFn: async () => (await api.get<{ data: PublicTeamPage }>(`/public/teams/${id(slug ?? '')}`)).data,
    enabled: slug !== null,
  });
}

function useTeamLinkChange<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEAM_LINKS_KEY }),
  });
}

export const useCreateTeamLink = () =>
  useTeamLinkChange((input: { property_id: number | null; label: string | null }) =>
    api.post('/team/booking-links', input),
  );
export const useDeleteTeamLink = () =>
  useTeamLinkChange((linkId: string) => api.delete(`/team/booking-links/${id(linkId)}`));
/**
 * Owners and admins: every member's bookings (or one member's) on `days` days from `date`, each at its
 * agent's own wall-clock labels as the server gives them (the team view's schedule).
 */
export function useTeamSchedule(date: string, days: number, member: string | null) {
  return useQuery({
    queryKey: [...TEAM_QUERY_KEY, 'schedule', date, days, member ?? 'all'],
    queryFn: async () => {
      const query = new URLSearchParams({ date, days: String(days), status: 'current' });
      if (member) query.set('member', member);
      return (await api.get<{ data: TeamBooking[] }>(`/team/bookings?${query.toString()}`)).data;
    },
  });
}

/** Owners and admins: hand a booking to another member (its buyer is told by e-mail). */
export function useReassignBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ bookingId, memberId }: { bookingId: string; memberId: string }) =>
      api.post<{ data: TeamBooking }>(`/team/bookings/${id(bookingId)}/reassign`, { member_id: memberId }),
    onSettled: async () => {
      await queryClient.invalidateQueries({ queryKey: TEAM_QUERY_KEY });
      await queryClient.invalidateQueries({ queryKey: ['bookings'] });
    },
  });
}
