// SSO for Enterprise teams (issue 41, decision 070): the owner's settings (GET/PUT/DELETE /api/team/sso, the
// issuer Check) and the sign-in's start by work e-mail (POST /api/auth/sso/start).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { TeamSsoCheck, TeamSsoInput, TeamSsoSettings } from '@keyturn/domain/teamSso';
import { api } from '@/lib/api';

export const TEAM_SSO_KEY = ['team', 'sso'] as const;

export function useTeamSso() {
  return useQuery({ queryKey: TEAM_SSO_KEY, queryFn: () => api.get<TeamSsoSettings>('/team/sso') });
}

function useSsoChange<T>(mutationFn: (input: T) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn,
    onSettled: () => queryClient.invalidateQueries({ queryKey: TEAM_SSO_KEY }),
  });
}

export const useSaveTeamSso = () =>
  useSsoChange((input: TeamSsoInput) => api.put<TeamSsoSettings>('/team/sso', input));

export const useRemoveTeamSso = () =>
  useSsoChange(() => api.delete<{ success: true; message: string }>('/team/sso'));

/** What the issuer's discovery document names (a 400 with the reason when it cannot be read). */
export const checkIssuer = (issuer: string) => api.post<TeamSsoCheck>('/team/sso/check', { issuer });

/** The company provider's page for this work address (a 400 when its domain has no team SSO). */
export const startSso = (email: string) =>
  api.post<{ url: string }>('/auth/sso/start', { email }).then((r) => r.url);
