// "Confirm I'm coming" on the buyer's manage page (issue 33, decision 056): an upcoming confirmed showing the
// buyer has not confirmed yet offers the button; once confirmed (here or by a Y reply to our text), the page
// says so with the time, in the buyer's zone.
import { useMutation } from '@tanstack/react-query';
import { toast } from '@/lib/toast';
import type { ManagedBooking } from '@keyturn/domain/schemas/publicBooking';
import { formatClock } from '@keyturn/domain/time';
import { ApiError } from '@/lib/api';
import { confirmAttendance } from '../api';
import { BrandButton } from './brand-button';

export function ConfirmAttendance({
  booking,
  token,
  buyerZone,
  onChanged,
}: {
  booking: ManagedBooking;
  token: string;
  buyerZone: string;
  onChanged: () => void;
}) {
  const mutation = useMutation({ mutationFn: () => confirmAttendance(token), onSettled: onChanged });
  if (booking.buyer_confirmed_at) {
    // In the buyer's zone, labelled with it (the domain's clock): the page's other times are the agent's.
    const day = new Intl.DateTimeFormat('en-US', { dateStyle: 'medium', timeZone: buyerZone }).format(
      new Date(booking.buyer_confirmed_at),
    );
    const at = `${day}, ${formatClock(booking.buyer_confirmed_at, buyerZone, { zoneName: true })}`;
    return (
      <p role="status" className="mb-4 rounded-lg bg-emerald-50 px-3 py-2 text-sm text-emerald-800">
        You confirmed you&apos;re coming ({booking.buyer_confirmed_via === 'text' ? 'by text' : 'here'}, {at}
        ).
      </p>
    );
  }
  if (!booking.can_confirm) return null;
  return (
    <div className="mb-4 flex flex-col gap-2 rounded-lg border border-slate-200 bg-slate-50 p-3 sm:flex-row sm:items-center sm:justify-between">
      <p className="text-sm text-slate-700">Let {booking.agent.name} know you&apos;re still coming.</p>
      <BrandButton
        disabled={mutation.isPending}
        onClick={() =>
          mutation.mutate(undefined, {
            onError: (error) =>
              toast.error(
                error instanceof ApiError && error.status === 409 ? error.message : 'Failed to confirm',
              ),
          })
        }
      >
        {mutation.isPending ? 'Confirming…' : 'Confirm I’m coming'}
      </BrandButton>
    </div>
  );
}
