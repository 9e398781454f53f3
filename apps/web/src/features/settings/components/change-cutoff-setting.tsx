// Issue 44 "Cut-offs": the agent's own cut-off for buyers' cancellations and reschedules, on Settings →
// Availability. Saved as it is chosen; a property's showing rules may override it.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { CHANGE_CUTOFF_UI } from '@keyturn/domain/changeCutoff';
import type { AgentChangeCutoff } from '@keyturn/domain/schemas/changeCutoff';
import { ChangeCutoffOptions } from '@/components/change-cutoff-options';
import { SelectField } from '@/components/ui/text-field';
import { SettingCard } from './setting-card';
import { api, ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';

type Answer = { success: true; data: AgentChangeCutoff };
export const CHANGE_CUTOFF_KEY = ['change-cutoff'] as const;

export function ChangeCutoffSetting() {
  const queryClient = useQueryClient();
  const cutoff = useQuery({
    queryKey: CHANGE_CUTOFF_KEY,
    queryFn: () => api.get<Answer>('/agents/change-cutoff'),
  });
  const save = useMutation({
    mutationFn: (hours: number) => api.put<Answer>('/agents/change-cutoff', { hours }),
    onSuccess: (saved) => {
      queryClient.setQueryData(CHANGE_CUTOFF_KEY, saved);
      // A property's rules show the agent's cut-off as what "Same as your settings" means.
      void queryClient.invalidateQueries({ queryKey: ['showing-rules'] });
      toast.success(CHANGE_CUTOFF_UI.saved);
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : CHANGE_CUTOFF_UI.failed),
  });
  const hours = cutoff.data?.data.hours ?? null;
  return (
    <SettingCard title={CHANGE_CUTOFF_UI.title} loadFailed={cutoff.isError}>
      <SelectField
        label={CHANGE_CUTOFF_UI.label}
        hint={CHANGE_CUTOFF_UI.description}
        value={hours === null ? '' : String(hours)}
        disabled={hours === null || save.isPending}
        onChange={(e) => save.mutate(Number(e.target.value))}
      >
        {hours === null ? <option value="">Loading…</option> : <ChangeCutoffOptions current={hours} />}
      </SelectField>
    </SettingCard>
  );
}
