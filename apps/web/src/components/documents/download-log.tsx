// Issue 45: a document's download log — whose link (buyer, buyer's agent, booking-page visitor, you), who, when
// (labelled with the browser's zone).
import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_TEXTS } from '@keyturn/domain/listing/documents';
import { documentDownloads } from './api';

const T = DOCUMENT_TEXTS;

function whenLabel(iso: string): string {
  const zone = Intl.DateTimeFormat().resolvedOptions().timeZone;
  const text = new Intl.DateTimeFormat('en-US', {
    dateStyle: 'medium',
    timeStyle: 'short',
    timeZone: zone,
    timeZoneName: 'short',
  }).format(new Date(iso));
  return text;
}

export function DownloadLog({ propertyId, documentId }: { propertyId: number; documentId: string }) {
  const log = useQuery({
    queryKey: ['listing-documents', propertyId, documentId, 'downloads'],
    queryFn: () => documentDownloads(propertyId, documentId),
    retry: false,
  });
  if (log.isPending) return <p className="text-sm text-slate-500">{T.list.downloadLog}…</p>;
  if (log.isError) return <p className="text-sm text-red-700">{log.error.message}</p>;
  if (log.data.length === 0) return <p className="text-sm text-slate-600">{T.list.noDownloads}</p>;
  return (
    <ul aria-label={T.list.downloadLog} className="space-y-1 text-sm text-slate-700">
      {log.data.map((d, k) => (
        <li key={`${d.at}-${k}`}>
          {whenLabel(d.at)} · {T.roles[d.role]}
          {d.who ? ` (${d.who})` : ''}
        </li>
      ))}
    </ul>
  );
}
