// Listing import's calls (issue 34 §2): the agent's MLS connection, the CSV import (dry run = the preview), and
// the off-market listings whose showings wait for a decision.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { CsvMapping, ImportResult, MlsConnection, StatusChange } from '@keyturn/domain/listing/imports';
import { api } from '@/lib/api';
import { PROPERTIES_QUERY_KEY } from '../hooks/use-properties';

export const MLS_CONNECTION_KEY = ['listing-imports', 'mls'] as const;
export const STATUS_CHANGES_KEY = ['listing-imports', 'status-changes'] as const;

export function useMlsConnection() {
  return useQuery({
    queryKey: MLS_CONNECTION_KEY,
    queryFn: async () => (await api.get<{ data: MlsConnection }>('/listing-imports/mls')).data,
    // While a sync runs, look again every few seconds.
    refetchInterval: (query) => (query.state.data?.syncing ? 3000 : false),
  });
}

export function useSaveMlsAgentId() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (mlsAgentId: string) =>
      (await api.put<{ data: MlsConnection }>('/listing-imports/mls', { mls_agent_id: mlsAgentId })).data,
    onSuccess: (data) => queryClient.setQueryData(MLS_CONNECTION_KEY, data),
  });
}

export function useSyncNow() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async () => (await api.post<{ data: MlsConnection }>('/listing-imports/mls/sync', {})).data,
    onSuccess: (data) => queryClient.setQueryData(MLS_CONNECTION_KEY, data),
  });
}

export function useCsvImport() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (body: { csv: string; mapping: CsvMapping; dry_run: boolean }) =>
      (await api.post<{ data: ImportResult }>('/listing-imports/csv', body)).data,
    onSuccess: (result) =>
      result.dry_run ? undefined : queryClient.invalidateQueries({ queryKey: PROPERTIES_QUERY_KEY }),
  });
}

export function useStatusChanges() {
  return useQuery({
    queryKey: STATUS_CHANGES_KEY,
    queryFn: async () => (await api.get<{ data: StatusChange[] }>('/listing-imports/status-changes')).data,
  });
}

export function useDecideStatusChange() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ propertyId, action }: { propertyId: number; action: 'cancel' | 'keep' }) =>
      api.post<{ cancelled: number }>(`/listing-imports/status-changes/${propertyId}`, { action }),
    onSettled: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: STATUS_CHANGES_KEY }),
        queryClient.invalidateQueries({ queryKey: ['bookings'] }),
      ]),
  });
}
