// One setting chosen from a list and saved as it is chosen, in its own card on Settings → Availability (issue 44:
// buyers' own changes, the daily showing limit, held times): read from its route, written back with PUT, said
// saved, a refusal said in the server's words (the stored choice stays).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { SelectField } from '@/components/ui/text-field';
import { SettingCard } from './setting-card';
import { api, ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';

export type ChoiceSettingWords = {
  title: string;
  label: string;
  description: string;
  saved: string;
  failed: string;
};

export function ChoiceSetting<T, D extends object>({
  queryKey,
  path,
  words,
  read,
  write,
  options,
  onSaved,
}: {
  queryKey: readonly unknown[];
  /** The route under /api, e.g. '/agents/hold-minutes', answering { success, data }. */
  path: string;
  words: ChoiceSettingWords;
  /** The stored value in the answer's data. */
  read: (data: D) => T;
  /** The PUT body of a chosen value. */
  write: (value: T) => D;
  /** The choices for the stored value, each with the <option>'s value and its label. */
  options: (current: T) => { value: string; label: string; choice: T }[];
  onSaved?: () => void;
}) {
  type Answer = { success: true; data: D };
  const queryClient = useQueryClient();
  const stored = useQuery({ queryKey, queryFn: () => api.get<Answer>(path) });
  const save = useMutation({
    mutationFn: (value: T) => api.put<Answer>(path, write(value)),
    onSuccess: (saved) => {
      queryClient.setQueryData(queryKey, saved);
      onSaved?.();
      toast.success(words.saved);
    },
    onError: (error) => toast.error(error instanceof ApiError ? error.message : words.failed),
  });
  const data = stored.data?.data;
  const listed = data === undefined ? null : options(read(data));
  const current = data === undefined ? null : read(data);
  return (
    <SettingCard title={words.title} loadFailed={stored.isError}>
      <SelectField
        label={words.label}
        hint={words.description}
        value={listed?.find((o) => o.choice === current)?.value ?? ''}
        disabled={listed === null || save.isPending}
        onChange={(e) => {
          const picked = listed?.find((o) => o.value === e.target.value);
          if (picked) save.mutate(picked.choice);
        }}
      >
        {listed === null ? (
          <option value="">Loading…</option>
        ) : (
          listed.map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))
        )}
      </SelectField>
    </SettingCard>
  );
}
