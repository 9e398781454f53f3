// Settings → Webhooks (Enterprise): the endpoints, their delivery logs, adding, deleting, "Send again".
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type {
  WebhookDelivery,
  WebhookEndpoint,
  WebhookEndpointCreate,
} from '@keyturn/domain/schemas/webhooks';
import { api } from '@/lib/api';

const ENDPOINTS_KEY = ['webhooks'] as const;
const deliveriesKey = (id: string) => ['webhooks', id, 'deliveries'] as const;

export function useWebhookEndpoints(enabled: boolean) {
  return useQuery({
    queryKey: ENDPOINTS_KEY,
    queryFn: async () => (await api.get<{ data: WebhookEndpoint[] }>('/webhooks')).data,
    enabled,
  });
}

export function useWebhookDeliveries(id: string) {
  return useQuery({
    queryKey: deliveriesKey(id),
    queryFn: async () =>
      (await api.get<{ data: WebhookDelivery[] }>(`/webhooks/${encodeURIComponent(id)}/deliveries`)).data,
  });
}

export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: WebhookEndpointCreate) =>
      api.post<{ data: WebhookEndpoint; secret: string }>('/webhooks', input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }),
  });
}

export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (id: string) => api.delete<{ success: true }>(`/webhooks/${encodeURIComponent(id)}`),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: ENDPOINTS_KEY }),
  });
}

export function useResendDelivery(endpointId: string) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (deliveryId: string) =>
      api.post<{ data: WebhookDelivery }>(
        `/webhooks/${encodeURIComponent(endpointId)}/deliveries/${encodeURIComponent(deliveryId)}/resend`,
      ),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: deliveriesKey(endpointId) }),
  });
}
