// Issue 45: Settings → Notifications, "Texts to your own phone": the agent's own consent to be texted new messages
// about their showings at their own number (Profile's phone). The consent's wording is shown next to the switch;
// the server keeps it in the consent ledger with the version, time, IP and browser.
import { useId } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { AGENT_OWN_TEXTS as T, ownTextsNotSent, type AgentOwnTexts } from '@keyturn/domain/listing/threads';
import { SwitchField } from '@/components/ui/switch-field';
import { api } from '@/lib/api';
import { toast } from '@/lib/toast';

const KEY = ['own-texts'] as const;

type Body = { data: AgentOwnTexts };

export function OwnTextsSetting() {
  const headingId = useId();
  const client = useQueryClient();
  const current = useQuery({
    queryKey: KEY,
    queryFn: () => api.get<Body>('/notifications/own-texts').then((r) => r.data),
    retry: false,
  });
  const save = useMutation({
    mutationFn: (consent: boolean) => api.put<Body>('/notifications/own-texts', { consent }),
    onSuccess: (body) => {
      client.setQueryData(KEY, body.data);
      toast.success(T.saved(body.data.consented));
    },
    onError: (error) => toast.error(error.message),
  });
  const data = current.data;
  if (!data) return null;
  return (
    <section
      aria-labelledby={headingId}
      className="space-y-3 rounded-xl border border-slate-200 bg-white p-5"
    >
      <h2 id={headingId} className="text-base font-semibold text-slate-900">
        {T.heading}
      </h2>
      {data.phone && data.not_sent && !data.consented ? (
        // No promise of texts that would not go out: why, and who can change it.
        <p className="text-sm text-slate-600">{ownTextsNotSent(data.not_sent)}</p>
      ) : data.phone ? (
        <>
          <SwitchField
            label={T.label}
            checked={data.consented}
            disabled={save.isPending}
            onChange={(e) => save.mutate(e.target.checked)}
          />
          <p className="text-sm text-slate-600">{T.consent(data.phone)}</p>
          {data.not_sent ? <p className="text-sm text-amber-800">{ownTextsNotSent(data.not_sent)}</p> : null}
        </>
      ) : (
        <p className="text-sm text-slate-600">{T.noPhone}</p>
      )}
    </section>
  );
}
