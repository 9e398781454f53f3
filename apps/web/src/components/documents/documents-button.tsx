// Issue 45: opens a listing's "Documents" (upload, rules, downloads, requests). The dialog is its own chunk,
// loaded on the first click: the properties list does not carry it.
import { lazy, Suspense, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { DOCUMENT_TEXTS } from '@keyturn/domain/listing/documents';
import { documentRequestsKey, listRequests } from './api';

const DocumentsDialog = lazy(() =>
  import('./documents-dialog').then((m) => ({ default: m.DocumentsDialog })),
);

export function DocumentsButton({ property }: { property: { id: number; address: string } }) {
  const [open, setOpen] = useState(false);
  // One call for the whole list (the rows share the query): the buyers' requests waiting for this listing.
  const requests = useQuery({ queryKey: documentRequestsKey, queryFn: listRequests, retry: false });
  const waiting = (requests.data ?? []).filter((r) => r.property_id === property.id).length;
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`${DOCUMENT_TEXTS.section} of ${property.address}${waiting > 0 ? ` (${DOCUMENT_TEXTS.requests.waiting(waiting)})` : ''}`}
        className="mt-1 ml-3 inline-flex min-h-11 items-center text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 lg:min-h-6"
      >
        {DOCUMENT_TEXTS.section}
        {waiting > 0 ? (
          <span className="ml-1 rounded-full bg-amber-100 px-2 text-xs font-semibold text-amber-800">
            {DOCUMENT_TEXTS.requests.waiting(waiting)}
          </span>
        ) : null}
      </button>
      {open ? (
        <Suspense fallback={null}>
          <DocumentsDialog property={property} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
