// A property's access details and its seller report links (issue 32 §3–§4), for the agent: the lockbox code,
// alarm, parking, pets and entry notes with the release time (stored encrypted, sent only to the confirmed
// buyer before the showing), and per seller/occupant their live report link with Copy, Revoke and New link,
// plus the notes the seller reads. Loaded lazily from the Properties page (public pages never load it).
import { useEffect, useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  ACCESS_FIELD_LABELS,
  ACCESS_TEXTS,
  type AccessDetails,
  type AccessInput,
} from '@keyturn/domain/listing/access';
import { SELLER_REPORT_TEXTS } from '@keyturn/domain/listing/sellerReport';
import { CopyButton } from '@/components/ui/copy-button';
import { Dialog } from '@/components/ui/dialog';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Spinner } from '@/components/ui/spinner';
import { TextAreaField, TextField } from '@/components/ui/text-field';
import { api, ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';

type ReportLinks = {
  notes: string;
  contacts: { contact_id: string; name: string; role: string; url: string | null; revoked: boolean }[];
};

export function ListingSideDialog({
  propertyId,
  address,
  onClose,
}: {
  propertyId: number;
  address: string;
  onClose: () => void;
}) {
  return (
    <Dialog open onClose={onClose} title={`Access and seller report: ${address}`} size="lg">
      <AccessForm propertyId={propertyId} />
      <SellerLinks propertyId={propertyId} />
    </Dialog>
  );
}

function AccessForm({ propertyId }: { propertyId: number }) {
  const key = ['property-access', propertyId];
  const query = useQuery({
    queryKey: key,
    queryFn: () =>
      api.get<{ data: AccessDetails & { releaseMinutes: number } }>(`/properties/${propertyId}/access`),
    retry: false,
  });
  const [form, setForm] = useState<Record<string, string>>({});
  useEffect(() => {
    const d = query.data?.data;
    if (!d) return;
    setForm({
      ...Object.fromEntries(ACCESS_FIELD_LABELS.map(([k]) => [k, d[k] ?? ''])),
      releaseMinutes: String(d.releaseMinutes),
    });
  }, [query.data]);
  const save = useMutation({
    mutationFn: (body: AccessInput) => api.put(`/properties/${propertyId}/access`, body),
    onSuccess: () => toast.success('Access details saved.'),
  });
  const fields = save.error instanceof ApiError ? save.error.fields : {};
  const submit = (e: FormEvent) => {
    e.preventDefault();
    const value = (k: string) => (form[k]?.trim() ? form[k]!.trim() : null);
    save.mutate({
      lockboxCode: value('lockboxCode'),
      alarm: value('alarm'),
      parking: value('parking'),
      pets: value('pets'),
      entryNotes: value('entryNotes'),
      releaseMinutes: Number(form.releaseMinutes || 60),
    });
  };
  if (query.isPending) return <Spinner label="Loading access details" />;
  if (query.isError) return <ErrorAlert>{query.error.message}</ErrorAlert>;
  return (
    <form onSubmit={submit} aria-labelledby="access-form-heading" className="space-y-3">
      <h3 id="access-form-heading" className="text-base font-semibold text-slate-900">
        {ACCESS_TEXTS.agentHeading}
      </h3>
      <p className="text-sm text-slate-600">{ACCESS_TEXTS.agentIntro}</p>
      {ACCESS_FIELD_LABELS.map(([k, label]) =>
        k === 'entryNotes' ? (
          <TextAreaField
            key={k}
            label={label}
            value={form[k] ?? ''}
            error={fields[k]}
            onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
          />
        ) : (
          <TextField
            key={k}
            label={label}
            autoComplete="off"
            value={form[k] ?? ''}
            error={fields[k]}
            onChange={(e) => setForm((f) => ({ ...f, [k]: e.target.value }))}
          />
        ),
      )}
      <TextField
        label={ACCESS_TEXTS.releaseLabel}
        type="number"
        inputMode="numeric"
        min={5}
        max={1440}
        value={form.releaseMinutes ?? '60'}
        error={fields.releaseMinutes}
        onChange={(e) => setForm((f) => ({ ...f, releaseMinutes: e.target.value }))}
      />
      <Button type="submit" disabled={save.isPending}>
        Save access details
      </Button>
    </form>
  );
}

function SellerLinks({ propertyId }: { propertyId: number }) {
  const client = useQueryClient();
  const key = ['seller-report-links', propertyId];
  const query = useQuery({
    queryKey: key,
    queryFn: () => api.get<{ data: ReportLinks }>(`/properties/${propertyId}/seller-report`),
    retry: false,
  });
  const [notes, setNotes] = useState<string | null>(null);
  const refresh = () => void client.invalidateQueries({ queryKey: key });
  const saveNotes = useMutation({
    mutationFn: (text: string) => api.put(`/properties/${propertyId}/seller-report/notes`, { notes: text }),
    onSuccess: () => {
      toast.success('Notes for the seller saved.');
      refresh();
    },
  });
  const revoke = useMutation({
    mutationFn: (contactId: string) =>
      api.delete(`/properties/${propertyId}/contacts/${contactId}/report-link`),
    onSuccess: refresh,
  });
  const reissue = useMutation({
    mutationFn: (contactId: string) =>
      api.post(`/properties/${propertyId}/contacts/${contactId}/report-link`, {}),
    onSuccess: refresh,
  });
  if (query.isPending) return <Spinner label="Loading the seller report links" />;
  if (query.isError) return <ErrorAlert>{query.error.message}</ErrorAlert>;
  const data = query.data.data;
  return (
    <section aria-labelledby="seller-links-heading" className="mt-6 space-y-3 border-t border-slate-200 pt-4">
      <h3 id="seller-links-heading" className="text-base font-semibold text-slate-900">
        {SELLER_REPORT_TEXTS.title}
      </h3>
      {data.contacts.length === 0 ? (
        <p className="text-sm text-slate-600">Add a seller or occupant to this property to share a report.</p>
      ) : (
        <ul className="space-y-2" aria-label="Report links">
          {data.contacts.map((c) => (
            <li key={c.contact_id} className="flex flex-wrap items-center gap-2 text-sm">
              <span className="font-medium text-slate-900">{c.name}</span>
              {c.url ? (
                <>
                  <CopyButton
                    text={c.url}
                    label="Copy link"
                    accessibleLabel={`Copy the report link for ${c.name}`}
                  />
                  <Button
                    variant="danger-ghost"
                    size="sm"
                    onClick={() => revoke.mutate(c.contact_id)}
                    aria-label={`Revoke the report link of ${c.name}`}
                  >
                    Revoke
                  </Button>
                </>
              ) : (
                <span className="text-slate-600">Link revoked</span>
              )}
              <Button
                variant="ghost"
                size="sm"
                onClick={() => reissue.mutate(c.contact_id)}
                aria-label={`New report link for ${c.name}`}
              >
                New link
              </Button>
            </li>
          ))}
        </ul>
      )}
      <TextAreaField
        label={SELLER_REPORT_TEXTS.notesHeading}
        rows={4}
        value={notes ?? data.notes}
        onChange={(e) => setNotes(e.target.value)}
      />
      <Button
        variant="secondary"
        onClick={() => saveNotes.mutate(notes ?? data.notes)}
        disabled={saveNotes.isPending}
      >
        Save notes
      </Button>
    </section>
  );
}
