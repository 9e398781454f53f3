// The agent's connected calendars (GET /api/integrations/calendar), shared by Settings → Calendars and the
// overview's "reconnect your calendar" notice.
import { useQuery } from '@tanstack/react-query';
import type { z } from 'zod';
import type { integrationsResponseSchema } from '@keyturn/domain/schemas/integrations';
import { api } from '@/lib/api';

export type IntegrationsResponse = z.infer<typeof integrationsResponseSchema>;
export const CALENDARS_KEY = ['integrations', 'calendar'] as const;

export const fetchIntegrations = () => api.get<IntegrationsResponse>('/integrations/calendar');

/** Polls every few seconds while a sync is under way, so the status and last sync update by themselves. */
export function useCalendarIntegrations() {
  return useQuery({
    queryKey: CALENDARS_KEY,
    queryFn: fetchIntegrations,
    refetchInterval: (query) => (query.state.data?.data.some((i) => i.status === 'syncing') ? 3_000 : false),
  });
}
