// The "Sellers and occupants" part of a property (issue 32 §2): who besides the agent is in the loop — name,
// e-mail, phone, role, what they get (approval requests, booked/cancelled notices, feedback, a weekly report)
// and by which channel. Texts need the contact's consent, ticked here. Loaded only when opened (dashboard-only).
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { ContactChannel, ContactGets, ContactRole } from '@keyturn/domain/listing/showingRules';
import type { PropertyContact } from '@keyturn/domain/schemas/contacts';
import { CONTACT_GETS_LABELS } from '@keyturn/domain/listing/sellerNotices';
import { LANGUAGE_NAMES, LOCALES, isLocale, type Locale } from '@keyturn/domain/i18n/locales';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { SellersInThreadToggle } from '@/components/thread/sellers-toggle';
import { PhoneField, SelectField, TextField } from '@/components/ui/text-field';
import { api, ApiError, request } from '@/lib/api';
import { toast } from '@/lib/toast';

const ROLE_LABELS: Record<ContactRole, string> = {
  seller: 'Seller',
  occupant: 'Occupant',
  tenant: 'Tenant',
  co_listing_agent: 'Co-listing agent',
};
const CHANNEL_LABELS: Record<ContactChannel, string> = {
  email: 'E-mail',
  sms: 'Text',
  both: 'E-mail and text',
};
const GETS_LABELS = CONTACT_GETS_LABELS;

type Draft = {
  name: string;
  email: string;
  phone: string;
  role: ContactRole;
  gets: ContactGets;
  channel: ContactChannel;
  sms_consent: boolean;
  language: Locale | null;
};
const EMPTY: Draft = {
  name: '',
  email: '',
  phone: '',
  role: 'seller',
  gets: { approvals: true, notices: true, feedback: false, weeklyReport: false },
  channel: 'email',
  sms_consent: false,
  language: null,
};

const draftOf = (c: PropertyContact): Draft => ({
  name: c.name,
  email: c.email ?? '',
  phone: c.phone ?? '',
  role: c.role,
  gets: c.gets,
  channel: c.channel,
  sms_consent: c.sms_consent_at !== null,
  language: c.language ?? null,
});

export function ContactsDialog({
  property,
  onClose,
}: {
  property: { id: number; address: string };
  onClose: () => void;
}) {
  const key = ['properties', property.id, 'contacts'];
  const client = useQueryClient();
  const list = useQuery({
    queryKey: key,
    queryFn: () =>
      api.get<{ data: PropertyContact[] }>(`/properties/${property.id}/contacts`).then((r) => r.data),
  });
  const [editing, setEditing] = useState<{ id: string | null; draft: Draft } | null>(null);
  const save = useMutation({
    mutationFn: ({ id, draft }: { id: string | null; draft: Draft }) => {
      const body = { ...draft, email: draft.email.trim() || null, phone: draft.phone.trim() || null };
      const url = `/properties/${property.id}/contacts`;
      // PATCH through the client's request (the shared `api` object keeps to what public pages use).
      return id ? request('PATCH', `${url}/${id}`, body) : api.post(url, body);
    },
    onSuccess: () => {
      void client.invalidateQueries({ queryKey: key });
      setEditing(null);
      toast.success('Contact saved.');
    },
  });
  const remove = useMutation({
    mutationFn: (id: string) => api.delete(`/properties/${property.id}/contacts/${id}`),
    onSuccess: () => void client.invalidateQueries({ queryKey: key }),
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};

  return (
    <Dialog open onClose={onClose} title="Sellers and occupants" description={property.address} size="lg">
      {list.isPending ? (
        <Spinner label="Loading contacts" />
      ) : list.isError ? (
        <ErrorAlert>We could not load the contacts. {list.error.message}</ErrorAlert>
      ) : (
        <div className="space-y-4">
          {list.data.length === 0 && !editing ? (
            <p className="text-sm text-slate-600">
              Nobody yet. Add the seller or occupants to ask for their approval or keep them informed.
            </p>
          ) : null}
          <ul className="divide-y divide-slate-200">
            {list.data.map((c) => (
              <li key={c.id} className="flex flex-wrap items-start justify-between gap-2 py-3">
                <div className="min-w-0">
                  <p className="font-medium text-slate-900">
                    {c.name}{' '}
                    <span className="text-sm font-normal text-slate-500">· {ROLE_LABELS[c.role]}</span>
                  </p>
                  <p className="text-sm break-words text-slate-600">
                    {[c.email, c.phone].filter(Boolean).join(' · ')} · {CHANNEL_LABELS[c.channel]}
                    {/* Their messages' language, when it is not the agent's default (set here or on their page). */}
                    {c.language ? ` · ${LANGUAGE_NAMES[c.language]}` : null}
                  </p>
                  <p className="text-sm text-slate-600">
                    {(Object.keys(GETS_LABELS) as (keyof ContactGets)[])
                      .filter((g) => c.gets[g])
                      .map((g) => GETS_LABELS[g])
                      .join(', ') || 'Nothing yet'}
                  </p>
                </div>
                <div className="flex gap-2">
                  <Button
                    variant="ghost"
                    size="sm"
                    onClick={() => setEditing({ id: c.id, draft: draftOf(c) })}
                  >
                    Edit
                  </Button>
                  <Button
                    variant="danger-ghost"
                    size="sm"
                    onClick={() => remove.mutate(c.id)}
                    aria-label={`Remove ${c.name}`}
                  >
                    Remove
                  </Button>
                </div>
              </li>
            ))}
          </ul>
          <SellersInThreadToggle propertyId={property.id} />
          {editing ? (
            <ContactForm
              draft={editing.draft}
              fields={fields}
              error={
                save.error instanceof ApiError && Object.keys(fields).length === 0 ? save.error.message : null
              }
              busy={save.isPending}
              onChange={(draft) => setEditing({ ...editing, draft })}
              onCancel={() => setEditing(null)}
              onSave={() => save.mutate(editing)}
            />
          ) : (
            <Button variant="secondary" onClick={() => setEditing({ id: null, draft: EMPTY })}>
              Add a contact
            </Button>
          )}
        </div>
      )}
    </Dialog>
  );
}

function ContactForm({
  draft,
  fields,
  error,
  busy,
  onChange,
  onCancel,
  onSave,
}: {
  draft: Draft;
  fields: Readonly<Record<string, string>>;
  error: string | null;
  busy: boolean;
  onChange: (draft: Draft) => void;
  onCancel: () => void;
  onSave: () => void;
}) {
  const set = (patch: Partial<Draft>) => onChange({ ...draft, ...patch });
  const submit = (e: FormEvent) => {
    e.preventDefault();
    onSave();
  };
  const texts = draft.channel !== 'email';
  return (
    <form onSubmit={submit} className="space-y-4 rounded-xl border border-slate-200 p-4" noValidate>
      {error ? <ErrorAlert>{error}</ErrorAlert> : null}
      <TextField
        label="Name"
        value={draft.name}
        onChange={(e) => set({ name: e.target.value })}
        error={fields.name}
        required
      />
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="E-mail"
          type="email"
          value={draft.email}
          onChange={(e) => set({ email: e.target.value })}
          error={fields.email}
        />
        <PhoneField
          value={draft.phone}
          onChange={(e) => set({ phone: e.target.value })}
          error={fields.phone}
        />
      </div>
      <div className="grid gap-4 sm:grid-cols-2">
        <SelectField
          label="Role"
          value={draft.role}
          onChange={(e) => set({ role: e.target.value as ContactRole })}
          error={fields.role}
        >
          {(Object.keys(ROLE_LABELS) as ContactRole[]).map((r) => (
            <option key={r} value={r}>
              {ROLE_LABELS[r]}
            </option>
          ))}
        </SelectField>
        <SelectField
          label="Send by"
          value={draft.channel}
          onChange={(e) => set({ channel: e.target.value as ContactChannel })}
          error={fields.channel}
        >
          {(Object.keys(CHANNEL_LABELS) as ContactChannel[]).map((c) => (
            <option key={c} value={c}>
              {CHANNEL_LABELS[c]}
            </option>
          ))}
        </SelectField>
      </div>
      {/* Issue 43: the language of the contact's e-mails and texts; '' = the agent's default language. */}
      <SelectField
        label="Language for messages"
        value={draft.language ?? ''}
        onChange={(e) => set({ language: isLocale(e.target.value) ? e.target.value : null })}
        error={fields.language}
      >
        <option value="">{"Agent's default"}</option>
        {LOCALES.map((l) => (
          <option key={l} value={l}>
            {LANGUAGE_NAMES[l]}
          </option>
        ))}
      </SelectField>
      <fieldset>
        <legend className="text-sm font-medium text-slate-800">What they get</legend>
        <div className="mt-2 grid gap-2 sm:grid-cols-2">
          {(Object.keys(GETS_LABELS) as (keyof ContactGets)[]).map((g) => (
            <label key={g} className="flex min-h-11 items-center gap-3 text-sm text-slate-800">
              <input
                type="checkbox"
                className="size-5"
                checked={draft.gets[g]}
                onChange={(e) => set({ gets: { ...draft.gets, [g]: e.target.checked } })}
              />
              {GETS_LABELS[g]}
            </label>
          ))}
        </div>
        {fields.gets ? <p className="mt-1 text-sm text-red-700">{fields.gets}</p> : null}
      </fieldset>
      {texts ? (
        <label className="flex min-h-11 items-start gap-3 text-sm text-slate-800">
          <input
            type="checkbox"
            className="mt-0.5 size-5"
            checked={draft.sms_consent}
            onChange={(e) => set({ sms_consent: e.target.checked })}
          />
          <span>
            They agreed to receive texts about showings.
            {fields.sms_consent ? <span className="block text-red-700">{fields.sms_consent}</span> : null}
          </span>
        </label>
      ) : null}
      <div className="flex flex-wrap gap-2">
        <Button type="submit" disabled={busy}>
          Save contact
        </Button>
        <Button type="button" variant="ghost" onClick={onCancel}>
          Cancel
        </Button>
      </div>
    </form>
  );
}
