// Issue 47 (decision 093): Settings → Notifications, "Push notifications on this device": turn pushes on for this
// browser (the browser asks for permission, subscribes with the server's key, the server keeps the device) or off
// (unsubscribed here and forgotten there), and which events are pushed to all the agent's devices.
import { useEffect, useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { PUSH_EVENTS, PUSH_TEXTS, type PushEvent, type PushPreferences } from '@keyturn/domain/push';
import { Button } from '@/components/ui/button';
import { SwitchField } from '@/components/ui/switch-field';
import { api } from '@/lib/api';
import { currentSubscription, pushSupport, turnOffPush, turnOnPush } from '@/lib/push-device';
import { toast } from '@/lib/toast';

const T = PUSH_TEXTS.settings;
export const PUSH_PREFERENCES_KEY = ['push-preferences'] as const;

type PreferencesBody = { data: { preferences: PushPreferences; devices: number } };

export function PushSettings() {
  const headingId = useId();
  const client = useQueryClient();
  const [support, setSupport] = useState(pushSupport);
  const [subscribed, setSubscribed] = useState<boolean | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const preferences = useQuery({
    queryKey: PUSH_PREFERENCES_KEY,
    queryFn: () => api.get<PreferencesBody>('/push/preferences').then((r) => r.data),
    retry: false,
  });

  useEffect(() => {
    let live = true;
    void currentSubscription().then(
      (s) => live && setSubscribed(s !== null),
      () => live && setSubscribed(false),
    );
    return () => {
      live = false;
    };
  }, []);

  const turnOn = useMutation({
    mutationFn: turnOnPush,
    onMutate: () => setProblem(null),
    onSuccess: (result) => {
      if (result === 'on') setSubscribed(true);
      else if (result === 'denied') setSupport('denied');
      else setSupport('unsupported');
    },
    onError: () => setProblem(T.failed),
    onSettled: () => client.invalidateQueries({ queryKey: PUSH_PREFERENCES_KEY }),
  });
  const turnOff = useMutation({
    mutationFn: turnOffPush,
    onSuccess: () => setSubscribed(false),
    onSettled: () => client.invalidateQueries({ queryKey: PUSH_PREFERENCES_KEY }),
  });
  const save = useMutation({
    mutationFn: (next: PushPreferences) => api.put<PreferencesBody>('/push/preferences', next),
    onSuccess: (body) => {
      client.setQueryData(PUSH_PREFERENCES_KEY, body.data);
      toast.success(T.saved);
    },
    onError: (error) => toast.error(error.message),
  });

  const toggle = (event: PushEvent, on: boolean) => {
    if (!preferences.data) return;
    save.mutate({ ...preferences.data.preferences, [event]: on });
  };

  return (
    <section
      aria-labelledby={headingId}
      className="space-y-4 rounded-xl border border-slate-200 bg-white p-5"
    >
      <div>
        <h2 id={headingId} className="text-base font-semibold text-slate-900">
          {T.heading}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{T.intro}</p>
      </div>
      {support === 'unsupported' ? (
        <p className="text-sm text-slate-600">{T.unsupported}</p>
      ) : support === 'denied' ? (
        <p role="alert" className="text-sm text-amber-800">
          {T.denied}
        </p>
      ) : subscribed ? (
        <div className="flex flex-wrap items-center gap-3">
          <p className="text-sm text-emerald-700">{T.on}</p>
          <Button variant="secondary" size="sm" disabled={turnOff.isPending} onClick={() => turnOff.mutate()}>
            {T.turnOff}
          </Button>
        </div>
      ) : subscribed === false ? (
        <Button disabled={turnOn.isPending} onClick={() => turnOn.mutate()}>
          {T.turnOn}
        </Button>
      ) : null}
      {problem ? (
        <p role="alert" className="text-sm text-red-700">
          {problem}
        </p>
      ) : null}
      {preferences.data && (subscribed || preferences.data.devices > 0) ? (
        <fieldset className="space-y-3 border-t border-slate-100 pt-4">
          <legend className="text-sm font-semibold text-slate-800">{T.eventsHeading}</legend>
          {PUSH_EVENTS.map((event) => (
            <SwitchField
              key={event}
              label={T.events[event]}
              checked={preferences.data.preferences[event]}
              disabled={save.isPending}
              onChange={(e) => toggle(event, e.target.checked)}
            />
          ))}
        </fieldset>
      ) : null}
    </section>
  );
}
