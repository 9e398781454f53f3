// The agent's saved booking links and invitations: copy one again, or delete it.
import { useState } from 'react';
import { toast } from '@/lib/toast';
import type { BookingLink } from '@keyturn/domain/schemas/agentBooking';
import type { Property } from '@keyturn/domain/schemas/property';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { CopyButton } from '@/components/ui/copy-button';
import { Spinner } from '@/components/ui/spinner';
import { useBookingLinks, useDeleteBookingLink } from '../hooks/use-bookings';

export function BookingLinksSection({ properties }: { properties: readonly Property[] }) {
  const links = useBookingLinks();
  const remove = useDeleteBookingLink();
  const [deleting, setDeleting] = useState<BookingLink | null>(null);
  const addressOf = (id: number | null) => properties.find((p) => p.id === id)?.address ?? null;

  const confirmDelete = async () => {
    if (!deleting) return;
    try {
      await remove.mutateAsync(deleting.id);
      toast.success('Link deleted.');
      setDeleting(null);
    } catch (error) {
      toast.error(error instanceof Error ? error.message : 'The link could not be deleted.');
    }
  };

  return (
    <section aria-labelledby="booking-links-heading" className="space-y-3">
      <h2 id="booking-links-heading" className="text-lg font-semibold text-slate-900">
        Invitations and links
      </h2>
      {links.isPending ? (
        <Spinner label="Loading links" size="sm" />
      ) : links.isError ? (
        <ErrorAlert>We could not load your links. {links.error.message}</ErrorAlert>
      ) : links.data.length === 0 ? (
        <p className="text-sm text-slate-600">
          No invitations yet. “Invite a buyer” makes a link that opens your booking page with the buyer’s
          details filled in.
        </p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl border border-slate-200 bg-white shadow-sm">
          {links.data.map((link) => {
            const title = link.label ?? link.prefill?.buyer_name ?? 'Booking link';
            const property = addressOf(link.property_id);
            return (
              <li key={link.id} className="flex flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center">
                <div className="min-w-0 flex-1">
                  <p className="truncate font-medium text-slate-900">{title}</p>
                  <p className="truncate text-sm text-slate-600">
                    {[property, link.prefill ? 'with buyer details' : null].filter(Boolean).join(' · ') ||
                      'Any property'}
                  </p>
                  <p className="truncate text-xs text-slate-500" title={link.url}>
                    {link.url}
                  </p>
                </div>
                <div className="flex shrink-0 gap-2">
                  <CopyButton text={link.url} accessibleLabel={`Copy link ${title}`} />
                  <Button
                    variant="danger-ghost"
                    size="sm"
                    aria-label={`Delete link ${title}`}
                    onClick={() => setDeleting(link)}
                  >
                    Delete
                  </Button>
                </div>
              </li>
            );
          })}
        </ul>
      )}
      <ConfirmDialog
        open={deleting !== null}
        title="Delete this link?"
        confirmLabel="Delete link"
        danger
        busy={remove.isPending}
        onConfirm={() => void confirmDelete()}
        onCancel={() => setDeleting(null)}
      >
        <p>Buyers who have it can no longer book through it. Bookings already made stay.</p>
      </ConfirmDialog>
    </section>
  );
}
