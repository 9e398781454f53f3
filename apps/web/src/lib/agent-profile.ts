// The signed-in agent's own profile (GET /api/agents/profile), read by the dashboard shell (picture, and the
// spec §8 rule that a missing profile sends the user to /profile) and by the profile setup screen.
import { useQuery } from '@tanstack/react-query';
import type { AgentProfile, AgentProfileData, AgentProfileResponse } from '@keyturn/domain/schemas/agent';
import { ApiError, api } from './api';

export const AGENT_PROFILE_QUERY_KEY = ['agents', 'profile'] as const;

/** `null` data means the agent has no profile yet (the API answered 404). */
export function useAgentProfile(enabled = true) {
  return useQuery({ queryKey: AGENT_PROFILE_QUERY_KEY, queryFn: fetchAgentProfile, enabled });
}

export async function fetchAgentProfile(): Promise<AgentProfile | null> {
  try {
    const body = await api.get<AgentProfileResponse>('/agents/profile');
    return body.data;
  } catch (error) {
    if (error instanceof ApiError && error.status === 404) return null;
    throw error;
  }
}

/** PUT /api/agents/{id} → 200 { success: true, data }. */
export async function updateAgentProfile(id: string, input: AgentProfileData): Promise<AgentProfile> {
  const body = await api.put<AgentProfileResponse>(`/agents/${encodeURIComponent(id)}`, input);
  return body.data;
}
