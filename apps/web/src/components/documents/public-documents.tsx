// Issue 45: the booking page's "Documents" — the listing's public documents, each a link that works for an
// hour (fetched when shown). Nothing is shown for a listing without any.
import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_TEXTS, documentSizeLabel } from '@keyturn/domain/listing/documents';
import { publicDocuments } from './api';

export default function PublicDocuments({ propertyId }: { propertyId: string | number }) {
  const docs = useQuery({
    queryKey: ['public-documents', String(propertyId)],
    queryFn: () => publicDocuments(propertyId),
    retry: false,
    // The links expire after an hour: fetch fresh ones well before.
    staleTime: 20 * 60_000,
  });
  if (!docs.data || docs.data.length === 0) return null;
  return (
    <section
      aria-labelledby="public-documents-title"
      className="mx-auto mt-6 max-w-3xl rounded-xl bg-white p-4 shadow-sm"
    >
      <h2 id="public-documents-title" className="text-sm font-semibold text-slate-900">
        {DOCUMENT_TEXTS.buyer.heading}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {docs.data.map((d) => (
          <li key={d.id}>
            <a href={d.url} className="font-medium text-[var(--kt-primary)] underline underline-offset-2">
              {d.name}
            </a>{' '}
            <span className="text-slate-500">({documentSizeLabel(d.size_bytes)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
