import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { QueryClient } from '@tanstack/react-query';
import type { PropertyData } from '@keyturn/domain/schemas/property';
import { trackProperty } from '@/lib/analytics';
import { assignProperty, createProperty, deleteProperty, fetchProperties, updateProperty } from '../api';

export const PROPERTIES_QUERY_KEY = ['properties'] as const;

export function useProperties() {
  return useQuery({ queryKey: PROPERTIES_QUERY_KEY, queryFn: fetchProperties });
}

/** Creates (id null) or updates a property. */
export function useSaveProperty(id: number | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: PropertyData) => (id === null ? createProperty(input) : updateProperty(id, input)),
    onSuccess: (saved) => {
      trackProperty(id === null ? 'property_created' : 'property_updated', saved);
      return invalidateAfterChange(queryClient);
    },
  });
}

export function useDeleteProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: number) => deleteProperty(id),
    onSuccess: () => invalidateAfterChange(queryClient),
  });
}

/** Team owners and admins: assign a team property to another member (its showings go to them). */
export function useAssignProperty() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: ({ id, agentId }: { id: number; agentId: string }) => assignProperty(id, agentId),
    onSettled: () => invalidateAfterChange(queryClient),
  });
}

/** A property change moves the list, the overview's usage and the plan usage figures. */
function invalidateAfterChange(queryClient: QueryClient) {
  return Promise.all([
    queryClient.invalidateQueries({ queryKey: PROPERTIES_QUERY_KEY }),
    queryClient.invalidateQueries({ queryKey: ['agents', 'dashboard'] }),
    queryClient.invalidateQueries({ queryKey: ['agents', 'usage-stats'] }),
  ]);
}
