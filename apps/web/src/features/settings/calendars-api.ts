// Calendar sync calls (spec §7 "Integrations", issue 14): the agent's connected calendars, connect/exchange,
// sync settings, Sync now, Disconnect, ICS subscriptions and the private feed.
import type { Integration, OAuthProvider, SyncSettings } from '@keyturn/domain/schemas/integrations';
import { api } from '@/lib/api';

export const connectUrl = async (provider: OAuthProvider) =>
  (await api.get<{ url: string }>(`/integrations/${provider}/connect`)).url;

export const exchangeCode = async (
  provider: OAuthProvider,
  input: { code: string; state: string; redirectUri: string },
) => (await api.post<{ data: Integration }>(`/integrations/${provider}/exchange`, input)).data;

export const fetchSyncSettings = async () =>
  (await api.get<{ syncSettings: SyncSettings }>('/integrations/sync-settings')).syncSettings;

export const saveSyncSettings = (syncSettings: SyncSettings) =>
  api.put<{ syncSettings: SyncSettings }>('/integrations/sync-settings', { syncSettings });

export const syncNow = (id: string) => api.post<{ data: Integration }>(`/integrations/${id}/sync`);

export const disconnect = (id: string) => api.delete<{ revoked: boolean }>(`/integrations/${id}/disconnect`);

export const subscribeIcs = (url: string) => api.post<{ data: Integration }>('/integrations/ics', { url });

export const fetchFeedUrl = async () => (await api.get<{ url: string }>('/integrations/feed')).url;
export const regenerateFeedUrl = async () =>
  (await api.post<{ url: string }>('/integrations/feed/regenerate')).url;
