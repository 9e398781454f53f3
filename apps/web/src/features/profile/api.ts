// Saving the agent profile (spec §7): POST /api/agents creates it, PUT /api/agents/{id} updates it. Neither
// carries images: the logo and picture go with PUT /api/agents/branding afterwards.
import type { AgentProfile, AgentProfileData, AgentProfileResponse } from '@keyturn/domain/schemas/agent';
import type { BrandingInput } from '@keyturn/domain/schemas/agentSettings';
import { api } from '@/lib/api';

/** POST /api/agents → 201 { success: true, data }; 409 USERNAME_TAKEN with fields.username. */
export async function createAgentProfile(input: AgentProfileData): Promise<AgentProfile> {
  const body = await api.post<AgentProfileResponse>('/agents', input);
  return body.data;
}

export interface ProfileImages {
  logoUrl: string | null;
  profilePictureUrl: string | null;
}

/** PUT /api/agents/branding with the saved profile's company and colour and the chosen images. */
export async function saveProfileImages(profile: AgentProfile, images: ProfileImages): Promise<void> {
  const body: BrandingInput = {
    companyName: profile.companyName,
    primaryColor: profile.primaryColor,
    logoUrl: images.logoUrl,
    profilePictureUrl: images.profilePictureUrl,
  };
  await api.put<unknown>('/agents/branding', body);
}
