// Opens a property's "Sellers and occupants" (issue 32 §2). The dialog is loaded on the first click: the
// properties list does not carry it.
import { lazy, Suspense, useState } from 'react';

const ContactsDialog = lazy(() => import('./contacts-dialog').then((m) => ({ default: m.ContactsDialog })));

export function SellersButton({ property }: { property: { id: number; address: string } }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button
        type="button"
        onClick={() => setOpen(true)}
        aria-label={`Sellers and occupants of ${property.address}`}
        className="mt-1 inline-flex min-h-11 items-center text-sm font-medium text-blue-700 underline-offset-2 hover:underline focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 lg:min-h-6"
      >
        Sellers and occupants
      </button>
      {open ? (
        <Suspense fallback={null}>
          <ContactsDialog property={property} onClose={() => setOpen(false)} />
        </Suspense>
      ) : null}
    </>
  );
}
