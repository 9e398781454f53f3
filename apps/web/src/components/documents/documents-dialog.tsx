// Issue 45 "Listing documents", the agent's side for one listing: upload a PDF, JPEG or PNG with its name and
// who gets it (each rule explained), the documents with their rule and downloads (rename, change the rule,
// delete, the download log), and the buyers' requests waiting for a decision. Loaded only when opened.
import { useState, type FormEvent } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  DOCUMENT_MAX_BYTES,
  DOCUMENT_NAME_MAX,
  DOCUMENT_RULES,
  DOCUMENT_TEXTS,
  documentSizeLabel,
  type AgentDocument,
  type DocumentRule,
} from '@keyturn/domain/listing/documents';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { Dialog } from '@/components/ui/dialog';
import { Spinner } from '@/components/ui/spinner';
import { SelectField, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { toast } from '@/lib/toast';
import {
  decideRequest,
  deleteDocument,
  documentRequestsKey,
  documentsKey,
  listDocuments,
  listRequests,
  patchDocument,
  uploadDocument,
} from './api';
import { DownloadLog } from './download-log';

const T = DOCUMENT_TEXTS;

function RuleOptions() {
  return DOCUMENT_RULES.map((rule) => (
    <option key={rule} value={rule}>
      {T.rules[rule].label}
    </option>
  ));
}

function UploadForm({ propertyId }: { propertyId: number }) {
  const client = useQueryClient();
  const [file, setFile] = useState<File | null>(null);
  const [name, setName] = useState('');
  const [rule, setRule] = useState<DocumentRule>('public');
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [formKey, setFormKey] = useState(0);
  const upload = useMutation({
    mutationFn: () => uploadDocument(propertyId, { name: name.trim(), rule, file: file! }),
    onSuccess: () => {
      toast.success(T.upload.done);
      setFile(null);
      setName('');
      setErrors({});
      setFormKey((k) => k + 1);
      return client.invalidateQueries({ queryKey: documentsKey(propertyId) });
    },
    onError: (error) =>
      setErrors(
        error instanceof ApiError && Object.keys(error.fields).length > 0
          ? { ...error.fields }
          : { form: error.message },
      ),
  });
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const found: Record<string, string> = {};
    if (!file) found.file = T.errors.noFile;
    else if (file.size > DOCUMENT_MAX_BYTES) found.file = T.errors.tooLarge;
    if (!name.trim()) found.name = T.errors.nameRequired;
    setErrors(found);
    if (Object.keys(found).length === 0) upload.mutate();
  };
  return (
    <form
      key={formKey}
      onSubmit={submit}
      noValidate
      className="space-y-3 rounded-lg border border-slate-200 p-3"
    >
      {errors.form ? <ErrorAlert>{errors.form}</ErrorAlert> : null}
      <TextField
        label={T.upload.file}
        type="file"
        accept="application/pdf,image/jpeg,image/png,.pdf,.jpg,.jpeg,.png"
        error={errors.file}
        onChange={(e) => {
          const chosen = e.currentTarget.files?.[0] ?? null;
          setFile(chosen);
          if (chosen && !name) setName(chosen.name.replace(/\.[^.]+$/, '').slice(0, DOCUMENT_NAME_MAX));
        }}
      />
      <TextField
        label={T.upload.name}
        value={name}
        maxLength={DOCUMENT_NAME_MAX}
        error={errors.name}
        onChange={(e) => setName(e.currentTarget.value)}
      />
      <SelectField
        label={T.upload.rule}
        value={rule}
        hint={T.rules[rule].explain}
        error={errors.rule}
        onChange={(e) => setRule(e.currentTarget.value as DocumentRule)}
      >
        <RuleOptions />
      </SelectField>
      <Button type="submit" disabled={upload.isPending}>
        {upload.isPending ? T.upload.uploading : T.upload.submit}
      </Button>
    </form>
  );
}

function DocumentRow({ propertyId, doc }: { propertyId: number; doc: AgentDocument }) {
  const client = useQueryClient();
  const [name, setName] = useState(doc.name);
  const [deleting, setDeleting] = useState(false);
  const [showLog, setShowLog] = useState(false);
  const refresh = () => client.invalidateQueries({ queryKey: documentsKey(propertyId) });
  const save = useMutation({
    mutationFn: (patch: { name?: string; rule?: DocumentRule }) => patchDocument(propertyId, doc.id, patch),
    onSuccess: refresh,
    onError: (error) => toast.error(error.message),
  });
  const remove = useMutation({
    mutationFn: () => deleteDocument(propertyId, doc.id),
    onSuccess: () => {
      setDeleting(false);
      return refresh();
    },
    onError: (error) => toast.error(error.message),
  });
  return (
    <li aria-label={doc.name} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-center justify-between gap-2 text-sm">
        <a href={doc.url} className="font-medium text-blue-700 underline-offset-2 hover:underline">
          {doc.name}
        </a>
        <span className="text-slate-600">
          {documentSizeLabel(doc.size_bytes)} · {T.list.downloads(doc.downloads)}
        </span>
      </div>
      <form
        className="flex flex-col gap-2 sm:flex-row sm:items-end"
        onSubmit={(e) => {
          e.preventDefault();
          if (name.trim() && name.trim() !== doc.name) save.mutate({ name: name.trim() });
        }}
      >
        <TextField
          label={`${T.upload.name} (${doc.name})`}
          value={name}
          maxLength={DOCUMENT_NAME_MAX}
          onChange={(e) => setName(e.currentTarget.value)}
          className="flex-1"
        />
        <Button type="submit" variant="secondary" size="sm" disabled={save.isPending}>
          {T.list.rename}
        </Button>
      </form>
      <SelectField
        label={`${T.upload.rule} (${doc.name})`}
        value={doc.rule}
        hint={T.rules[doc.rule].explain}
        onChange={(e) => save.mutate({ rule: e.currentTarget.value as DocumentRule })}
      >
        <RuleOptions />
      </SelectField>
      <div className="flex flex-wrap gap-2">
        <Button variant="ghost" size="sm" onClick={() => setShowLog((v) => !v)} aria-expanded={showLog}>
          {T.list.downloadLog}
        </Button>
        <Button variant="danger-ghost" size="sm" onClick={() => setDeleting(true)}>
          {T.list.delete}
        </Button>
      </div>
      {showLog ? <DownloadLog propertyId={propertyId} documentId={doc.id} /> : null}
      <ConfirmDialog
        open={deleting}
        title={T.list.deleteConfirm(doc.name)}
        confirmLabel={T.list.delete}
        danger
        busy={remove.isPending}
        onConfirm={() => remove.mutate()}
        onCancel={() => setDeleting(false)}
      />
    </li>
  );
}

function PendingRequests({ propertyId }: { propertyId: number }) {
  const client = useQueryClient();
  const requests = useQuery({ queryKey: documentRequestsKey, queryFn: listRequests, retry: false });
  const decide = useMutation({
    mutationFn: ({ id, decision }: { id: string; decision: 'approve' | 'decline' }) =>
      decideRequest(id, decision),
    onSuccess: (_data, { decision }) =>
      toast.success(decision === 'approve' ? T.requests.approved : T.requests.declined),
    onError: (error) => toast.error(error.message),
    onSettled: () => client.invalidateQueries({ queryKey: documentRequestsKey }),
  });
  const mine = (requests.data ?? []).filter((r) => r.property_id === propertyId);
  return (
    <section aria-labelledby="document-requests-title" className="space-y-2">
      <h3 id="document-requests-title" className="text-sm font-semibold text-slate-900">
        {T.requests.heading}
      </h3>
      {mine.length === 0 ? (
        <p className="text-sm text-slate-600">{T.requests.empty}</p>
      ) : (
        <ul className="space-y-2">
          {mine.map((r) => (
            <li key={r.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <span>
                {T.requests.line(r.client_name, r.document_name)} ({r.client_email})
              </span>
              <span className="flex gap-2">
                <Button
                  size="sm"
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ id: r.id, decision: 'approve' })}
                >
                  {T.requests.approve}
                </Button>
                <Button
                  size="sm"
                  variant="secondary"
                  disabled={decide.isPending}
                  onClick={() => decide.mutate({ id: r.id, decision: 'decline' })}
                >
                  {T.requests.decline}
                </Button>
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

export function DocumentsDialog({
  property,
  onClose,
}: {
  property: { id: number; address: string };
  onClose: () => void;
}) {
  const docs = useQuery({
    queryKey: documentsKey(property.id),
    queryFn: () => listDocuments(property.id),
    retry: false,
  });
  return (
    <Dialog
      open
      onClose={onClose}
      title={`${T.section}: ${property.address}`}
      description={T.sectionHint}
      size="lg"
    >
      <div className="space-y-5">
        <UploadForm propertyId={property.id} />
        {docs.isPending ? (
          <Spinner label={T.section} />
        ) : docs.isError ? (
          <ErrorAlert>{docs.error.message}</ErrorAlert>
        ) : docs.data.length === 0 ? (
          <p className="text-sm text-slate-600">{T.list.empty}</p>
        ) : (
          <ul className="space-y-3">
            {docs.data.map((doc) => (
              <DocumentRow key={`${doc.id}:${doc.name}`} propertyId={property.id} doc={doc} />
            ))}
          </ul>
        )}
        <PendingRequests propertyId={property.id} />
      </div>
    </Dialog>
  );
}
