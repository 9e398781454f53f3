// Issue 45: the booking page's "Documents" — the listing's public documents, each a link that works for an
// hour (fetched when shown). Nothing is shown for a listing without any.
import { useQuery } from '@tanstack/react-query';
import { useLocale, useT } from '@/lib/i18n';
import { MANAGE } from '@/features/booking/manage-texts';
import { publicDocuments } from './api';

/** A document's size in the page's language: '240 KB', '1.5 MB' ('1,5 MB'), as documentSizeLabel rounds it. */
export function useSizeLabel(): (bytes: number) => string {
  const t = useT(MANAGE);
  const { intlLocale } = useLocale();
  return (bytes) => {
    const format = (n: number) =>
      new Intl.NumberFormat(intlLocale, { maximumFractionDigits: 1, useGrouping: false }).format(n);
    if (bytes < 1024 * 1024) return t('sizeKb', { size: format(Math.max(1, Math.round(bytes / 1024))) });
    return t('sizeMb', { size: format(Math.round((bytes / (1024 * 1024)) * 10) / 10) });
  };
}

export default function PublicDocuments({ propertyId }: { propertyId: string | number }) {
  const t = useT(MANAGE);
  const sizeLabel = useSizeLabel();
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
        {t('docsHeading')}
      </h2>
      <ul className="mt-2 space-y-1 text-sm">
        {docs.data.map((d) => (
          <li key={d.id}>
            <a href={d.url} className="font-medium text-[var(--kt-primary)] underline underline-offset-2">
              {d.name}
            </a>{' '}
            <span className="text-slate-500">({sizeLabel(d.size_bytes)})</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
