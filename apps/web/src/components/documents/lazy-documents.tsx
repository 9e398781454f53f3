// Issue 45: the public pages' documents, each its own chunk loaded after the page's first render (import()) —
// the booking page's and the manage page's first JavaScript does not grow.
import { lazy, Suspense } from 'react';

const Public = lazy(() => import('./public-documents'));
const Buyer = lazy(() => import('./buyer-documents'));

export function LazyPublicDocuments({ propertyId }: { propertyId: string | number }) {
  return (
    <Suspense fallback={null}>
      <Public propertyId={propertyId} />
    </Suspense>
  );
}

export function LazyBuyerDocuments({ token }: { token: string }) {
  return (
    <Suspense fallback={null}>
      <Buyer token={token} />
    </Suspense>
  );
}
