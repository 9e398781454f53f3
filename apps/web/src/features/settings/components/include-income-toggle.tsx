// Settings → Webhooks (issue 46, decision 090): whether the CRM exports and the webhooks carry the buyer's
// income range. Off by default; turning it on is the agent's choice, made next to the plain warning.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { FAIR_HOUSING_TEXTS } from '@keyturn/domain/insights/fairHousing';
import { ErrorAlert } from '@/components/ui/alert';
import { SwitchField } from '@/components/ui/switch-field';
import { api } from '@/lib/api';

const KEY = ['crm', 'include-income'] as const;
type Setting = { include_income: boolean };

export function IncludeIncomeToggle() {
  const queryClient = useQueryClient();
  const setting = useQuery({
    queryKey: KEY,
    queryFn: async () => (await api.get<{ data: Setting }>('/crm/include-income')).data,
  });
  const save = useMutation({
    mutationFn: async (input: Setting) =>
      (await api.put<{ data: Setting }>('/crm/include-income', input)).data,
    onSuccess: (data) => queryClient.setQueryData(KEY, data),
  });
  const on = setting.data?.include_income ?? false;
  return (
    <section
      aria-labelledby="include-income-heading"
      className="space-y-2 rounded-xl border border-amber-200 bg-amber-50 p-4"
    >
      <h3 id="include-income-heading" className="sr-only">
        {FAIR_HOUSING_TEXTS.includeIncomeLabel}
      </h3>
      <SwitchField
        label={FAIR_HOUSING_TEXTS.includeIncomeLabel}
        description={FAIR_HOUSING_TEXTS.includeIncomeWarning}
        checked={on}
        disabled={setting.isPending || save.isPending}
        onChange={(e) => save.mutate({ include_income: e.target.checked })}
      />
      <p className="text-sm text-slate-700" role="status">
        {setting.isPending
          ? null
          : on
            ? FAIR_HOUSING_TEXTS.includeIncomeOn
            : FAIR_HOUSING_TEXTS.includeIncomeOff}
      </p>
      {setting.isError ? <ErrorAlert>{setting.error.message}</ErrorAlert> : null}
      {save.isError ? <ErrorAlert>{save.error.message}</ErrorAlert> : null}
    </section>
  );
}
