// Enterprise: the agent's leads, bookings and feedback as CSV files for a CRM (GET /api/exports/<kind>.csv,
// fetched with the bearer token and handed to the browser's download).
import { useState } from 'react';
import {
  CRM_EXPORT_COLUMNS,
  CRM_EXPORT_LABELS,
  CRM_EXPORTS,
  type CrmExport,
} from '@keyturn/domain/schemas/crmExport';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { fetchFile } from '@/lib/api';
import { saveBlob } from '@/lib/download';

export function CrmExport({ today }: { today: string }) {
  const [busy, setBusy] = useState<CrmExport | null>(null);
  const [error, setError] = useState<string | null>(null);

  const download = async (kind: CrmExport) => {
    setBusy(kind);
    setError(null);
    try {
      saveBlob(`keyturn-${kind}-${today}.csv`, await fetchFile(`/exports/${kind}.csv`));
    } catch (err) {
      setError((err as Error).message);
    } finally {
      setBusy(null);
    }
  };

  return (
    <div className="rounded-xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5">
      <p className="text-sm text-slate-600">
        Everything you have, not only the range above. Leads are your bookings grouped by the buyer&apos;s
        e-mail address.
      </p>
      <div className="mt-3 flex flex-wrap gap-2">
        {CRM_EXPORTS.map((kind) => (
          <Button
            key={kind}
            variant="secondary"
            size="sm"
            disabled={busy !== null}
            onClick={() => void download(kind)}
          >
            {busy === kind ? 'Preparing…' : `${CRM_EXPORT_LABELS[kind]} (CSV)`}
          </Button>
        ))}
      </div>
      {error ? (
        <div className="mt-3">
          <ErrorAlert>{error}</ErrorAlert>
        </div>
      ) : null}
      <details className="mt-3 text-sm">
        <summary className="cursor-pointer rounded font-medium text-blue-700 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-500">
          Columns of each file
        </summary>
        {CRM_EXPORTS.map((kind) => (
          <div key={kind} className="mt-2">
            <h4 className="font-semibold text-slate-900">{CRM_EXPORT_LABELS[kind]}</h4>
            <dl className="mt-1 grid gap-x-3 gap-y-0.5 sm:grid-cols-[auto_1fr]">
              {CRM_EXPORT_COLUMNS[kind].map((c) => (
                <div key={c.name} className="contents">
                  <dt className="font-mono text-xs text-slate-800">{c.name}</dt>
                  <dd className="text-slate-600">{c.meaning}</dd>
                </div>
              ))}
            </dl>
          </div>
        ))}
      </details>
    </div>
  );
}
