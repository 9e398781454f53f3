// Issue 45: the request panel of "Find homes to show". The buyer's agent picks a date, one of that date's open
// times (the listing's booking page answer: its notice, windows, blocks and caps already applied), fills in their
// client, their brokerage and licence (filled from their last request) and, for themselves, "Text me about this
// showing" on their own number. Sent, it says who decides next.
import { useId, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Link } from '@/lib/router';
import {
  NETWORK_PATHS,
  NETWORK_TEXTS as T,
  type NetworkListing,
  type NetworkRequestInput,
} from '@keyturn/domain/listing/network';
import { timeZoneName } from '@keyturn/domain/time';
import { ErrorAlert } from '@/components/ui/alert';
import { Dialog, FormDialogFooter } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { fetchListing, fetchRequests, fetchTimes, networkKeys, sendRequest } from '../api';
import { TourClientFields } from './tour-client-form';

type Form = {
  date: string;
  startsAt: string;
  time: string;
  name: string;
  email: string;
  phone: string;
  brokerage: string;
  licence: string;
  consent: boolean;
  message: string;
};

export function RequestDialog({ listing, onClose }: { listing: NetworkListing; onClose: () => void }) {
  const formId = useId();
  const client = useQueryClient();
  const mine = useQuery({ queryKey: networkKeys.requests, queryFn: fetchRequests });
  // Whether the listing's agent sends texts: the consent box is offered only then (as on the booking page).
  const detail = useQuery({
    queryKey: networkKeys.listing(listing.id),
    queryFn: () => fetchListing(listing.id),
  });
  const textsOffered = detail.data?.texts_offered ?? false;
  const [form, setForm] = useState<Form>({
    date: '',
    startsAt: '',
    time: '',
    name: '',
    email: '',
    phone: '',
    brokerage: '',
    licence: '',
    consent: false,
    message: '',
  });
  const [touchedFirm, setTouchedFirm] = useState(false);
  const last = mine.data?.last_used ?? null;
  const brokerage = touchedFirm ? form.brokerage : form.brokerage || last?.brokerage || '';
  const licence = touchedFirm ? form.licence : form.licence || last?.licence_number || '';
  const times = useQuery({
    queryKey: networkKeys.times(listing.id, form.date),
    queryFn: () => fetchTimes(listing.id, form.date),
    enabled: /^\d{4}-\d{2}-\d{2}$/.test(form.date),
  });
  const send = useMutation({
    mutationFn: (body: NetworkRequestInput) => sendRequest(body),
    onSuccess: () => client.invalidateQueries({ queryKey: networkKeys.requests }),
  });
  const fields = send.error instanceof ApiError ? send.error.fields : {};
  const set = <K extends keyof Form>(name: K, value: Form[K]) => setForm((f) => ({ ...f, [name]: value }));

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!form.time) return;
    send.mutate({
      property_id: listing.id,
      booking_date: form.date,
      booking_time: form.time,
      starts_at: form.startsAt,
      client: { name: form.name, email: form.email, phone: form.phone },
      brokerage,
      licence_number: licence,
      sms_consent: textsOffered && form.consent,
      message: form.message || null,
    });
  };

  const ownPhone = mine.data?.own_phone ?? null;
  return (
    <Dialog
      open
      onClose={onClose}
      title={T.requestAction}
      description={`${listing.address}, ${listing.city} · ${T.listedBy(listing.agent.name, listing.agent.company)}`}
      size="lg"
      dismissible={!send.isPending}
      footer={
        send.data ? null : (
          <FormDialogFooter
            formId={formId}
            onCancel={onClose}
            busy={send.isPending}
            submitLabel={T.submitAction}
            busyLabel={T.sendingAction}
            disabled={!form.time}
          />
        )
      }
    >
      {send.data ? (
        <div role="status" className="space-y-3">
          <p className="text-sm text-slate-800">{send.data.message}</p>
          <Link to={NETWORK_PATHS.requests} className="text-sm font-medium text-blue-700 underline">
            {T.requestsLink}
          </Link>
        </div>
      ) : (
        <form id={formId} onSubmit={submit} className="space-y-4" noValidate>
          {send.error ? <ErrorAlert>{send.error.message}</ErrorAlert> : null}
          <TextField
            label={T.dateLabel}
            type="date"
            required
            value={form.date}
            error={fields.booking_date}
            onChange={(e) => setForm((f) => ({ ...f, date: e.target.value, time: '', startsAt: '' }))}
          />
          {form.date ? (
            <Times times={times} form={form} setForm={setForm} error={fields.booking_time} />
          ) : null}
          <TourClientFields
            form={{ ...form, brokerage, licence }}
            set={(update) => {
              if ('brokerage' in update || 'licence' in update) setTouchedFirm(true);
              setForm((f) => ({ ...f, brokerage, licence, ...update }));
            }}
            fields={fields}
            ownPhone={mine.data ? ownPhone || null : undefined}
            textsOffered={detail.data ? textsOffered : undefined}
          />
          <TextAreaField
            label={T.messageLabel}
            value={form.message}
            maxLength={2000}
            error={fields.message}
            onChange={(e) => set('message', e.target.value)}
          />
        </form>
      )}
    </Dialog>
  );
}

function Times({
  times,
  form,
  setForm,
  error,
}: {
  times: ReturnType<typeof useQuery<Awaited<ReturnType<typeof fetchTimes>>>>;
  form: Form;
  setForm: (update: (f: Form) => Form) => void;
  error: string | undefined;
}) {
  if (times.isPending) return <Spinner />;
  if (times.error) return <ErrorAlert>{times.error.message}</ErrorAlert>;
  const answer = times.data;
  return (
    <fieldset>
      <legend className="mb-1 text-sm font-medium text-slate-700">{T.timesLabel}</legend>
      <p className="mb-2 text-xs text-slate-500">{T.timesIn(timeZoneName(answer.time_zone))}</p>
      {answer.notice_note ? <p className="mb-2 text-xs text-slate-600">{answer.notice_note}</p> : null}
      {answer.slots.length === 0 ? (
        <p className="text-sm text-slate-600">{T.noTimes}</p>
      ) : (
        <div className="flex flex-wrap gap-2">
          {answer.slots.map((slot) => {
            const chosen = form.startsAt === slot.starts_at;
            return (
              <button
                key={slot.starts_at}
                type="button"
                aria-pressed={chosen}
                onClick={() =>
                  setForm((f) => ({ ...f, startsAt: slot.starts_at, time: slot.time.slice(0, 5) }))
                }
                className={`rounded-lg border px-3 py-2 text-sm ${chosen ? 'border-blue-600 bg-blue-600 text-white' : 'border-slate-300 bg-white text-slate-800'}`}
              >
                {slot.label}
              </button>
            );
          })}
        </div>
      )}
      {error ? <p className="mt-1 text-sm text-red-600">{error}</p> : null}
    </fieldset>
  );
}
