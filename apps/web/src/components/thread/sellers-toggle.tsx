// Issue 45: the listing agent's choice, per property, to let its seller contacts write in the showings'
// conversations (from their seller link). Shown in the property's "Sellers and occupants"; nothing is shown
// while the choice is unknown (loading, or not answered).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { THREAD_TEXTS } from '@keyturn/domain/listing/threads';
import { SwitchField } from '@/components/ui/switch-field';
import { api } from '@/lib/api';
import { toast } from '@/lib/toast';

type Settings = { sellers_in_thread: boolean };
type Answer = { success: true; data: Settings };

export function SellersInThreadToggle({ propertyId }: { propertyId: number }) {
  const key = ['properties', propertyId, 'thread-settings'];
  const url = `/properties/${propertyId}/thread-settings`;
  const client = useQueryClient();
  const settings = useQuery({
    queryKey: key,
    queryFn: () => api.get<Answer>(url).then((a) => a.data),
    retry: false,
  });
  const save = useMutation({
    mutationFn: (next: Settings) => api.put<Answer>(url, next).then((a) => a.data),
    onSuccess: (data) => client.setQueryData(key, data),
    onError: () => toast.error('The choice was not saved. Try again.'),
  });
  if (!settings.data) return null;
  return (
    <SwitchField
      label={THREAD_TEXTS.sellersToggle.label}
      description={THREAD_TEXTS.sellersToggle.hint}
      checked={
        save.isPending ? (save.variables?.sellers_in_thread ?? false) : settings.data.sellers_in_thread
      }
      disabled={save.isPending}
      onChange={(e) => save.mutate({ sellers_in_thread: e.target.checked })}
    />
  );
}
