// The agent's settings (spec §7 "Agents", "Availability"): weekly hours, branding, notifications, feedback
// settings, acknowledging the defaults, and deleting the profile.
import type { AgentAvailability, AgentAvailabilityInput } from '@keyturn/domain/schemas/availability';
import type {
  Branding,
  BrandingInput,
  FeedbackSettings,
  NotificationSettings,
  SettingsArea,
} from '@keyturn/domain/schemas/agentSettings';
import { api } from '@/lib/api';

interface One<T> {
  success: boolean;
  data: T;
}

/** Notification and feedback settings come with whether they are still the defaults the agent has not seen. */
export interface SettingsWithDefaults<T> extends One<T> {
  isDefault: boolean;
  acknowledged: boolean;
}

/** Branding may say the same (the area can be acknowledged); older answers leave it out. */
export type BrandingResponse = One<Branding> &
  Partial<Pick<SettingsWithDefaults<Branding>, 'isDefault' | 'acknowledged'>>;

export async function fetchAvailability(): Promise<AgentAvailability> {
  return (await api.get<One<AgentAvailability>>('/availability')).data;
}

/** PUT /api/availability replaces the whole object. */
export async function saveAvailability(input: AgentAvailabilityInput): Promise<AgentAvailability> {
  return (await api.put<One<AgentAvailability>>('/availability', input)).data;
}

export function fetchBranding(): Promise<BrandingResponse> {
  return api.get<BrandingResponse>('/agents/branding');
}

export function saveBranding(input: BrandingInput): Promise<BrandingResponse> {
  return api.put<BrandingResponse>('/agents/branding', input);
}

export function fetchNotificationSettings(): Promise<SettingsWithDefaults<NotificationSettings>> {
  return api.get<SettingsWithDefaults<NotificationSettings>>('/agents/notifications');
}

export function saveNotificationSettings(
  input: NotificationSettings,
): Promise<SettingsWithDefaults<NotificationSettings>> {
  return api.put<SettingsWithDefaults<NotificationSettings>>('/agents/notifications', input);
}

export function fetchFeedbackSettings(): Promise<SettingsWithDefaults<FeedbackSettings>> {
  return api.get<SettingsWithDefaults<FeedbackSettings>>('/agents/feedback-settings');
}

export function saveFeedbackSettings(
  input: FeedbackSettings,
): Promise<SettingsWithDefaults<FeedbackSettings>> {
  return api.put<SettingsWithDefaults<FeedbackSettings>>('/agents/feedback-settings', input);
}

/** POST /api/agents/acknowledge-defaults { area }: the agent has seen the defaults of one area. */
export async function acknowledgeDefaults(area: SettingsArea): Promise<void> {
  await api.post<{ success: boolean }>('/agents/acknowledge-defaults', { area });
}
