// Whether the signed-in user administers this server (GET /api/server-administrator, decision 048): the
// dashboard then lists "Server settings", and texts about a capability that is not switched on link there.
import { useQuery } from '@tanstack/react-query';
import { api } from './api';

export const SERVER_ADMINISTRATOR_KEY = ['server-administrator'] as const;

export function useServerAdministrator(enabled = true): boolean {
  const query = useQuery({
    queryKey: SERVER_ADMINISTRATOR_KEY,
    queryFn: async () => (await api.get<{ administrator: boolean }>('/server-administrator')).administrator,
    enabled,
    staleTime: 5 * 60_000,
  });
  return query.data === true;
}
