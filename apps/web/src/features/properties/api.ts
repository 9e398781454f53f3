// The agent's properties (spec §7 "Properties"): list, read, create, update, delete — the caller's own and,
// in a team, the team's (issue 15: each with its assigned agent and what the caller may do with it).
import type { AgentProperty, Property, PropertyData } from '@keyturn/domain/schemas/property';
import type { ShowingRulesView } from '@keyturn/domain/listing/showingRules';
import type { ShowingRulesInput } from '@keyturn/domain/listing/showingRules';
import { api } from '@/lib/api';

interface PropertyResponse {
  success: boolean;
  data: Property;
}

/** GET /api/properties → public and private, deleted ones left out. */
export async function fetchProperties(): Promise<AgentProperty[]> {
  const body = await api.get<{ success: boolean; data: AgentProperty[] }>('/properties');
  return body.data;
}

/** POST /api/properties → 201; 403 PROPERTY_LIMIT_REACHED when the plan's limit is reached. */
export async function createProperty(input: PropertyData): Promise<Property> {
  return (await api.post<PropertyResponse>('/properties', input)).data;
}

/** PUT /api/properties/{id}. */
export async function updateProperty(id: number, input: PropertyData): Promise<Property> {
  return (await api.put<PropertyResponse>(`/properties/${id}`, input)).data;
}

/** DELETE /api/properties/{id}; the property's bookings keep their history. */
export async function deleteProperty(id: number): Promise<void> {
  await api.delete<{ success: boolean }>(`/properties/${id}`);
}

/** PUT /api/properties/{id}/agent (team owners and admins): the member a team property is assigned to. */
export async function assignProperty(id: number, agentId: string): Promise<AgentProperty> {
  return (
    await api.put<{ success: boolean; data: AgentProperty }>(`/properties/${id}/agent`, { agent_id: agentId })
  ).data;
}

/** GET /api/properties/{id}/showing-rules (issue 32): the rules and the agent's settings empty ones follow. */
export async function fetchShowingRules(id: number): Promise<ShowingRulesView> {
  return (await api.get<{ success: boolean; data: ShowingRulesView }>(`/properties/${id}/showing-rules`))
    .data;
}

/** PUT /api/properties/{id}/showing-rules: the whole set. */
export async function saveShowingRules(id: number, rules: ShowingRulesInput): Promise<ShowingRulesView> {
  return (
    await api.put<{ success: boolean; data: ShowingRulesView }>(`/properties/${id}/showing-rules`, rules)
  ).data;
}
