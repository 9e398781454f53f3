// Issue 45: the buyer's manage page's "Documents" — those of their booking: a link to open (sent with the
// confirmation, after the showing once it is completed, or an approved request), "after the showing" for one
// not yet theirs, and a Request button for an on-request one (then its request's state).
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DOCUMENT_TEXTS, documentSizeLabel, type BuyerDocument } from '@keyturn/domain/listing/documents';
import { toast } from '@/lib/toast';
import { buyerDocuments, requestDocument } from './api';

const T = DOCUMENT_TEXTS.buyer;

function State({ doc, onRequest, busy }: { doc: BuyerDocument; onRequest: () => void; busy: boolean }) {
  if (doc.url) {
    return (
      <a href={doc.url} className="font-medium text-[var(--kt-primary)] underline underline-offset-2">
        {DOCUMENT_TEXTS.list.download}
      </a>
    );
  }
  if (doc.access === 'later') return <span className="text-slate-600">{T.afterShowing}</span>;
  if (doc.request_status) return <span className="text-slate-600">{T.states[doc.request_status]}</span>;
  return (
    <button
      type="button"
      onClick={onRequest}
      disabled={busy}
      aria-label={`${T.request}: ${doc.name}`}
      className="inline-flex min-h-11 items-center rounded-lg border border-slate-300 bg-white px-3 text-sm font-semibold text-slate-900 hover:bg-slate-50 disabled:opacity-60 sm:min-h-9"
    >
      {T.request}
    </button>
  );
}

export default function BuyerDocuments({ token }: { token: string }) {
  const client = useQueryClient();
  const key = ['buyer-documents', token];
  const docs = useQuery({ queryKey: key, queryFn: () => buyerDocuments(token), retry: false });
  const ask = useMutation({
    mutationFn: (id: string) => requestDocument(token, id),
    onSuccess: () => toast.success(T.requested),
    onError: (error) => toast.error(error.message),
    onSettled: () => client.invalidateQueries({ queryKey: key }),
  });
  if (!docs.data || docs.data.length === 0) return null;
  return (
    <section aria-labelledby="buyer-documents-title" className="mt-6">
      <h2 id="buyer-documents-title" className="text-sm font-semibold text-slate-900">
        {T.heading}
      </h2>
      <ul className="mt-2 space-y-2 text-sm">
        {docs.data.map((d) => (
          <li key={d.id} className="flex flex-wrap items-center justify-between gap-2">
            <span>
              {d.name} <span className="text-slate-500">({documentSizeLabel(d.size_bytes)})</span>
            </span>
            <State doc={d} busy={ask.isPending} onRequest={() => ask.mutate(d.id)} />
          </li>
        ))}
      </ul>
    </section>
  );
}
