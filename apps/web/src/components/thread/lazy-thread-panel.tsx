// Issue 45: the showing's conversation, loaded when it is first shown — the booking details, the buyer's manage
// page and the seller's page do not carry the panel (nor its texts and requests) in their own code. Nothing is
// shown while its code loads (a moment), so the page around it does not jump with a placeholder.
import { lazy, Suspense } from 'react';
import type { ThreadPanelForProps } from './thread-panel';

const Panel = lazy(() => import('./thread-panel'));
const Sellers = lazy(() => import('./seller-threads'));

export function LazyThreadPanel(props: ThreadPanelForProps) {
  return (
    <Suspense fallback={null}>
      <Panel {...props} />
    </Suspense>
  );
}

/** A seller's page: the listing's showings' conversations, where the listing agent allows it (its own chunk). */
export function LazySellerThreads({ token }: { token: string }) {
  return (
    <Suspense fallback={null}>
      <Sellers token={token} />
    </Suspense>
  );
}
