// Settings → Availability: the agent's switch for the booking assistant (issue 17). Off: the public calls
// answer 403 ASSISTANT_DISABLED and the booking page shows no button.
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import toast from 'react-hot-toast';
import { ASSISTANT_UI } from '@keyturn/domain/assistant/texts';
import type { AssistantSettings } from '@keyturn/domain/schemas/assistant';
import { SwitchField } from '@/components/ui/switch-field';
import { ApiError, api } from '@/lib/api';
import { ASSISTANT_SETTINGS_KEY } from '../hooks/use-settings';

type Answer = { success: true; data: AssistantSettings; isDefault: boolean; acknowledged: boolean };

export function AssistantSettingsSection() {
  const queryClient = useQueryClient();
  const settings = useQuery({
    queryKey: ASSISTANT_SETTINGS_KEY,
    queryFn: () => api.get<Answer>('/agents/assistant-settings'),
  });
  const save = useMutation({
    mutationFn: (next: AssistantSettings) => api.put<Answer>('/agents/assistant-settings', next),
    onSuccess: (saved) => {
      queryClient.setQueryData(ASSISTANT_SETTINGS_KEY, saved);
      toast.success(ASSISTANT_UI.settingsSaved);
    },
    onError: (error) =>
      toast.error(error instanceof ApiError ? error.message : 'The setting could not be saved.'),
  });
  return (
    <section
      aria-labelledby="assistant-settings-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="assistant-settings-heading" className="text-base font-semibold text-slate-900">
        {ASSISTANT_UI.settingsTitle}
      </h2>
      {settings.isError ? (
        <p role="alert" className="text-sm text-red-700">
          We could not load this setting.
        </p>
      ) : (
        <SwitchField
          label={ASSISTANT_UI.settingsToggle}
          description={ASSISTANT_UI.settingsDescription}
          checked={settings.data?.data.enabled ?? false}
          disabled={!settings.data || save.isPending}
          onChange={(e) => save.mutate({ enabled: e.target.checked })}
        />
      )}
    </section>
  );
}
