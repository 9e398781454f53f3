// "Talk to Sales team" / "contact us": the enquiry form (react-hook-form, zod) loads when it is opened, not
// with the page that offers it (the pricing page, Subscription).
import { lazy, Suspense } from 'react';

const SalesDialog = lazy(() => import('./sales-dialog').then((m) => ({ default: m.SalesDialog })));

export function LazySalesDialog({ open, onClose }: { open: boolean; onClose: () => void }) {
  if (!open) return null;
  return (
    <Suspense fallback={null}>
      <SalesDialog open onClose={onClose} />
    </Suspense>
  );
}
