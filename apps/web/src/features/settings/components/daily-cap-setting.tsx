// Issue 44 "Daily caps for the agent": at most N showings a day across all the agent's listings, on Settings →
// Availability. Saved as it is chosen; buyers are then offered no time on a full day (the server enforces it).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DAILY_CAP_UI, dailyCapChoices, dailyCapLabel } from '@keyturn/domain/slots/agentDailyCap';
import type { AgentDailyCap } from '@keyturn/domain/schemas/agentDailyCap';
import { SelectField } from '@/components/ui/text-field';
import { SettingCard } from './setting-card';
import { api, ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';

type Answer = { success: true; data: AgentDailyCap };
export const DAILY_CAP_KEY = ['daily-cap'] as const;
const NO_LIMIT = 'none';

export function DailyCapSetting() {
  const queryClient = useQueryClient();
  const cap = useQuery({ queryKey: DAILY_CAP_KEY, queryFn: () => api.get<Answer>('/agents/daily-cap') });
  const save = useMutation({
    mutationFn: (value: number | null) =>
      api.put<Answer>('/agents/daily-cap', { max_showings_per_day: value }),
    onSuccess: (saved) => {
      queryClient.setQueryData(DAILY_CAP_KEY, saved);
      toast.success(DAILY_CAP_UI.saved);
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : DAILY_CAP_UI.failed),
  });
  const current = cap.data?.data.max_showings_per_day;
  const loaded = current !== undefined;
  return (
    <SettingCard title={DAILY_CAP_UI.title} loadFailed={cap.isError}>
      <SelectField
        label={DAILY_CAP_UI.label}
        hint={DAILY_CAP_UI.description}
        value={!loaded ? '' : current === null ? NO_LIMIT : String(current)}
        disabled={!loaded || save.isPending}
        onChange={(e) => save.mutate(e.target.value === NO_LIMIT ? null : Number(e.target.value))}
      >
        {!loaded ? (
          <option value="">Loading…</option>
        ) : (
          dailyCapChoices(current).map((choice) => (
            <option key={choice ?? NO_LIMIT} value={choice === null ? NO_LIMIT : String(choice)}>
              {dailyCapLabel(choice)}
            </option>
          ))
        )}
      </SelectField>
    </SettingCard>
  );
}
