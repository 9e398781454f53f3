// Settings → Availability: the agent's switch for the booking assistant (issue 17). Off: the public calls
// answer 403 ASSISTANT_DISABLED and the booking page shows no button.
import { SettingCard } from './setting-card';
import { useState } from 'react';
import type { FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import { ASSISTANT_UI, PERIOD_OPTIONS } from '@keyturn/domain/assistant/texts';
import type {
  AreaDay,
  AssistantSettings,
  SchedulingPreferencesInput,
  SchedulingPreferencesResponse,
} from '@keyturn/domain/schemas/assistant';
import { Button } from '@/components/ui/button';
import { SwitchField } from '@/components/ui/switch-field';
import { TextField } from '@/components/ui/text-field';
import { ApiError, api } from '@/lib/api';
import { ASSISTANT_SETTINGS_KEY, SCHEDULING_PREFERENCES_KEY } from '../hooks/use-settings';

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
    <SettingCard title={ASSISTANT_UI.settingsTitle} loadFailed={settings.isError}>
      <SwitchField
        label={ASSISTANT_UI.settingsToggle}
        description={ASSISTANT_UI.settingsDescription}
        checked={settings.data?.data.enabled ?? false}
        disabled={!settings.data || save.isPending}
        onChange={(e) => save.mutate({ enabled: e.target.checked })}
      />
    </SettingCard>
  );
}

type Preferences = SchedulingPreferencesResponse['data'];

/** What was learned, in plain words, with the agent's correction and a reset. */
export function LearnedPreferencesSection() {
  const queryClient = useQueryClient();
  const preferences = useQuery({
    queryKey: SCHEDULING_PREFERENCES_KEY,
    queryFn: () => api.get<SchedulingPreferencesResponse>('/agents/scheduling-preferences'),
  });
  const onSaved = (message: string) => (saved: SchedulingPreferencesResponse) => {
    queryClient.setQueryData(SCHEDULING_PREFERENCES_KEY, saved);
    toast.success(message);
  };
  const onError = (error: unknown) =>
    toast.error(error instanceof ApiError ? error.message : 'The preferences could not be saved.');
  const correct = useMutation({
    mutationFn: (body: SchedulingPreferencesInput) =>
      api.put<SchedulingPreferencesResponse>('/agents/scheduling-preferences', body),
    onSuccess: onSaved(ASSISTANT_UI.learnedSaved),
    onError,
  });
  const reset = useMutation({
    mutationFn: () => api.post<SchedulingPreferencesResponse>('/agents/scheduling-preferences/reset'),
    onSuccess: onSaved(ASSISTANT_UI.learnedReset),
    onError,
  });
  const data = preferences.data?.data;
  return (
    <section
      aria-labelledby="learned-preferences-heading"
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id="learned-preferences-heading" className="text-base font-semibold text-slate-900">
        {ASSISTANT_UI.learnedTitle}
      </h2>
      <p className="text-sm text-slate-600">{ASSISTANT_UI.learnedDescription}</p>
      {preferences.isError ? (
        <p role="alert" className="text-sm text-red-700">
          We could not load what was learned.
        </p>
      ) : data ? (
        <>
          <ul className="list-disc space-y-1 pl-5 text-sm text-slate-800">
            {data.summary.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <SwitchField
            label={ASSISTANT_UI.suggestToggle}
            description={ASSISTANT_UI.suggestDescription}
            checked={data.suggest_on_booking_page}
            disabled={correct.isPending || reset.isPending}
            onChange={(e) =>
              correct.mutate({
                periods: data.periods,
                max_per_day: data.max_per_day,
                suggest_on_booking_page: e.target.checked,
              })
            }
          />
          <CorrectionForm
            key={`${data.periods?.join(',') ?? ''}|${data.max_per_day ?? ''}|${JSON.stringify(data.areas)}`}
            preferences={data}
            pending={correct.isPending || reset.isPending}
            onSave={(body) => correct.mutate(body)}
          />
          <button
            type="button"
            disabled={reset.isPending}
            onClick={() => reset.mutate()}
            className="text-sm font-medium text-red-700 underline focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:outline-none"
          >
            {ASSISTANT_UI.reset}
          </button>
        </>
      ) : null}
    </section>
  );
}

function CorrectionForm({
  preferences,
  pending,
  onSave,
}: {
  preferences: Preferences;
  pending: boolean;
  onSave: (body: SchedulingPreferencesInput) => void;
}) {
  const [periods, setPeriods] = useState<string[]>(preferences.periods ?? []);
  const [max, setMax] = useState(preferences.max_per_day === null ? '' : String(preferences.max_per_day));
  // The areas offered for correction: what was learned and any the agent kept that is no longer learned.
  const areaKey = (a: AreaDay) => `${a.weekday}|${a.area}`;
  const inForce = preferences.areas ?? preferences.learned_areas;
  const offeredAreas = [
    ...preferences.learned_areas,
    ...inForce.filter((a) => !preferences.learned_areas.some((l) => areaKey(l) === areaKey(a))),
  ];
  const [keptAreas, setKeptAreas] = useState<string[]>(inForce.map(areaKey));
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const kept = offeredAreas.filter((a) => keptAreas.includes(areaKey(a)));
    const asLearned = preferences.areas === null && kept.length === preferences.learned_areas.length;
    onSave({
      periods: periods.length > 0 ? (periods as SchedulingPreferencesInput['periods']) : null,
      max_per_day: max.trim() === '' ? null : Number(max),
      areas: asLearned ? null : kept,
    });
  };
  return (
    <form onSubmit={submit} className="space-y-3">
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">{ASSISTANT_UI.correctPeriods}</legend>
        <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
          {PERIOD_OPTIONS.map((option) => (
            <label key={option.value} className="inline-flex items-center gap-2 text-sm text-slate-700">
              <input
                type="checkbox"
                checked={periods.includes(option.value)}
                onChange={(e) =>
                  setPeriods((now) =>
                    e.target.checked ? [...now, option.value] : now.filter((p) => p !== option.value),
                  )
                }
              />
              {option.label}
            </label>
          ))}
        </div>
      </fieldset>
      {offeredAreas.length > 0 ? (
        <fieldset>
          <legend className="text-sm font-medium text-slate-800">{ASSISTANT_UI.correctAreas}</legend>
          <div className="mt-1 flex flex-wrap gap-x-4 gap-y-1">
            {offeredAreas.map((a) => (
              <label key={areaKey(a)} className="inline-flex items-center gap-2 text-sm text-slate-700">
                <input
                  type="checkbox"
                  checked={keptAreas.includes(areaKey(a))}
                  onChange={(e) =>
                    setKeptAreas((now) =>
                      e.target.checked ? [...now, areaKey(a)] : now.filter((k) => k !== areaKey(a)),
                    )
                  }
                />
                {ASSISTANT_UI.areaDay(a.area, a.weekday)}
              </label>
            ))}
          </div>
        </fieldset>
      ) : null}
      <TextField
        label={ASSISTANT_UI.correctMax}
        hint={ASSISTANT_UI.correctMaxHint}
        type="number"
        min={1}
        max={48}
        inputMode="numeric"
        value={max}
        onChange={(e) => setMax(e.target.value)}
      />
      <div className="flex flex-wrap gap-2">
        <Button type="submit" size="sm" disabled={pending}>
          {ASSISTANT_UI.saveCorrection}
        </Button>
        <Button
          type="button"
          size="sm"
          variant="secondary"
          disabled={pending}
          onClick={() => onSave({ periods: null, max_per_day: null, areas: null })}
        >
          {ASSISTANT_UI.useLearned}
        </Button>
      </div>
    </form>
  );
}
