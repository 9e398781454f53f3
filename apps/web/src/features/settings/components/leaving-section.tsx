// Settings → Account, issue 41 "Leaving": Download my data (the whole export as JSON, or one part as CSV — the
// caller's own rows, fetched with the bearer and handed to the browser's download) and Delete account (typed
// confirmation; the server cancels the upcoming showings telling each buyer, and refuses a team's last owner
// with the reason, shown here as it comes).
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@/lib/router';
import {
  DATA_EXPORT_PARTS,
  DELETE_ACCOUNT_CONFIRMATION,
  LEAVING_TEXTS,
  type DataExportPart,
} from '@keyturn/domain/leaving';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Dialog } from '@/components/ui/dialog';
import { TextField } from '@/components/ui/text-field';
import { api, fetchFile } from '@/lib/api';
import { endSession } from '@/lib/auth';
import { saveBlob } from '@/lib/download';
import { toast } from '@/lib/toast';

const today = () => new Date().toISOString().slice(0, 10);

async function download(part: DataExportPart | null): Promise<void> {
  const path = part ? `/account/export?format=csv&part=${part}` : '/account/export?format=json';
  const blob = await fetchFile(path);
  saveBlob(`keyturn-${part ?? 'data'}-${today()}.${part ? 'csv' : 'json'}`, blob);
}

export function LeavingSection() {
  const [open, setOpen] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const fetchPart = (part: DataExportPart | null) => {
    setFailure(null);
    download(part).catch((error: unknown) =>
      setFailure(error instanceof Error ? error.message : 'The download failed.'),
    );
  };
  return (
    <>
      <section
        aria-labelledby="download-data-heading"
        className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
      >
        <h2 id="download-data-heading" className="font-semibold text-slate-900">
          {LEAVING_TEXTS.downloadTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{LEAVING_TEXTS.downloadIntro}</p>
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <div className="mt-3 flex flex-wrap gap-2">
          <Button size="sm" onClick={() => fetchPart(null)}>
            {LEAVING_TEXTS.downloadJson}
          </Button>
          {DATA_EXPORT_PARTS.map((part) => (
            <Button key={part} size="sm" variant="secondary" onClick={() => fetchPart(part)}>
              {LEAVING_TEXTS.downloadCsv(part)}
            </Button>
          ))}
        </div>
      </section>
      <section
        aria-labelledby="delete-account-heading"
        className="rounded-xl border border-red-200 bg-white p-5 shadow-sm"
      >
        <h2 id="delete-account-heading" className="font-semibold text-red-800">
          {LEAVING_TEXTS.deleteTitle}
        </h2>
        <p className="mt-1 text-sm text-slate-600">{LEAVING_TEXTS.deleteIntro}</p>
        <Button variant="danger" size="sm" className="mt-3" onClick={() => setOpen(true)}>
          {LEAVING_TEXTS.deleteButton}
        </Button>
      </section>
      {open ? <DeleteAccountDialog onClose={() => setOpen(false)} /> : null}
    </>
  );
}

function DeleteAccountDialog({ onClose }: { onClose: () => void }) {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const confirmed = typed.trim() === DELETE_ACCOUNT_CONFIRMATION;

  const remove = async () => {
    if (!confirmed) return;
    setBusy(true);
    setFailure(null);
    try {
      await api.delete('/account', { confirm: DELETE_ACCOUNT_CONFIRMATION });
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'Your account could not be deleted.');
      setBusy(false);
      return;
    }
    toast.success(LEAVING_TEXTS.deleted);
    await navigate('/', { replace: true });
    await endSession(queryClient);
  };

  return (
    <Dialog
      open
      onClose={onClose}
      size="sm"
      title={LEAVING_TEXTS.confirmTitle}
      dismissible={!busy}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={busy}>
            Keep my account
          </Button>
          <Button variant="danger" onClick={() => void remove()} disabled={!confirmed || busy}>
            {busy ? 'Deleting…' : LEAVING_TEXTS.deleteButton}
          </Button>
        </>
      }
    >
      <form
        noValidate
        className="space-y-4"
        onSubmit={(event) => {
          event.preventDefault();
          void remove();
        }}
      >
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        <p className="text-sm text-slate-700">{LEAVING_TEXTS.confirmBody}</p>
        <TextField
          label={LEAVING_TEXTS.confirmLabel}
          autoComplete="off"
          autoCapitalize="none"
          spellCheck={false}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
        />
      </form>
    </Dialog>
  );
}
