// Issue 45: the buyer's manage page's "Documents" — those of their booking: a link to open (sent with the
// confirmation, after the showing once it is completed, or an approved request), "after the showing" for one
// not yet theirs, and a Request button for an on-request one (then its request's state).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { BuyerDocument } from '@keyturn/domain/listing/documents';
import { toast } from '@/lib/toast';
import { useT } from '@/lib/i18n';
import { MANAGE } from '@/features/booking/manage-texts';
import { buyerDocuments, requestDocument } from './api';
import { useSizeLabel } from './public-documents';

const STATE_KEYS = { pending: 'docPending', approved: 'docApproved', declined: 'docDeclined' } as const;

function State({ doc, onRequest, busy }: { doc: BuyerDocument; onRequest: () => void; busy: boolean }) {
  const t = useT(MANAGE);
  if (doc.url) {
    return (
      <a href={doc.url} className="font-medium text-[var(--kt-primary)] underline underline-offset-2">
        {t('download')}
      </a>
    );
  }
  if (doc.access === 'later') return <span className="text-slate-600">{t('docAfterShowing')}</span>;
  if (doc.request_status) return <span className="text-slate-600">{t(STATE_KEYS[doc.request_status])}</span>;
  return (
    <button
      type="button"
      onClick={onRequest}
      disabled={busy}
      aria-label={t('docRequestFor', { name: doc.name })}
      className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60 sm:min-h-9"
    >
      {t('docRequest')}
    </button>
  );
}

export default function BuyerDocuments({ token }: { token: string }) {
  const t = useT(MANAGE);
  const sizeLabel = useSizeLabel();
  const client = useQueryClient();
  const key = ['buyer-documents', token];
  const docs = useQuery({ queryKey: key, queryFn: () => buyerDocuments(token), retry: false });
  const ask = useMutation({
    mutationFn: (id: string) => requestDocument(token, id),
    onSuccess: () => toast.success(t('docRequested')),
    onError: (error) => toast.error(error.message),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  if (!docs.data || docs.data.length === 0) return null;
  return (
    <section aria-labelledby="buyer-documents-title" className="mt-6">
      <h2 id="buyer-documents-title" className="text-sm font-semibold text-slate-900">
        {t('docsHeading')}
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {docs.data.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {d.name} <span className="text-slate-500">({sizeLabel(d.size_bytes)})</span>
            </span>
            <State doc={d} busy={ask.isPending} onRequest={() => ask.mutate(d.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
