// The agent's day on the road (issue 16): GET /api/routes/day, POST …/optimise (a proposal, changes nothing)
// and …/apply (reschedules; the day comes back as it now is).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  AgentDay,
  OfficeInput,
  RouteProposal,
  RouteSettings,
  RouteSettingsView,
} from '@keyturn/domain/schemas/routes';
import { api } from '@/lib/api';

export function useAgentDay(date: string | null, enabled: boolean) {
  return useQuery({
    queryKey: ['routes', 'day', date],
    queryFn: () =>
      api
        .get<{ data: AgentDay }>(date ? `/routes/day?date=${encodeURIComponent(date)}` : '/routes/day')
        .then((r) => r.data),
    enabled,
  });
}

export function useOptimise() {
  return useMutation({
    mutationFn: (date: string) =>
      api.post<{ data: RouteProposal }>('/routes/day/optimise', { date }).then((r) => r.data),
  });
}

export function useApplyRoute() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (proposal: RouteProposal) =>
      api
        .post<{ data: AgentDay }>('/routes/day/apply', {
          date: proposal.date,
          moves: proposal.moves.map((m) => ({ booking_id: m.booking_id, starts_at: m.starts_at })),
        })
        .then((r) => r.data),
    onSuccess: (day) => {
      client.setQueryData(['routes', 'day', day.date], day);
      void client.invalidateQueries({ queryKey: ['bookings'] });
      void client.invalidateQueries({ queryKey: ['dashboard'] });
    },
  });
}

export function useRouteSettings(enabled: boolean) {
  return useQuery({
    queryKey: ['routes', 'settings'],
    queryFn: () => api.get<{ data: RouteSettingsView }>('/routes/settings').then((r) => r.data),
    enabled,
  });
}

export function useSaveRouteSettings() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (settings: RouteSettings) =>
      api.put<{ data: RouteSettingsView }>('/routes/settings', settings).then((r) => r.data),
    onSuccess: (settings) => client.setQueryData(['routes', 'settings'], settings),
  });
}

/** PUT /api/routes/office (geocoded, or the pin given) or DELETE it (office null); My day is read again. */
export function useSaveOffice() {
  const client = useQueryClient();
  return useMutation({
    mutationFn: (office: OfficeInput | null) =>
      (office === null
        ? api.delete<{ data: RouteSettingsView }>('/routes/office')
        : api.put<{ data: RouteSettingsView }>('/routes/office', office)
      ).then((r) => r.data),
    onSuccess: (settings) => {
      client.setQueryData(['routes', 'settings'], settings);
      void client.invalidateQueries({ queryKey: ['routes', 'day'] });
    },
  });
}
