// Saving the agent profile (spec §7): POST /api/agents creates it, PUT /api/agents/{id} updates it.
import type { AgentProfile, AgentProfileData, AgentProfileResponse } from '@keyturn/domain/schemas/agent';
import { api } from '@/lib/api';

/** POST /api/agents → 201 { success: true, data }; 409 USERNAME_TAKEN with fields.username. */
export async function createAgentProfile(input: AgentProfileData): Promise<AgentProfile> {
  const body = await api.post<AgentProfileResponse>('/agents', input);
  return body.data;
}

/** PUT /api/agents/{id} → 200 { success: true, data }. */
export async function updateAgentProfile(id: string, input: AgentProfileData): Promise<AgentProfile> {
  const body = await api.put<AgentProfileResponse>(`/agents/${encodeURIComponent(id)}`, input);
  return body.data;
}
