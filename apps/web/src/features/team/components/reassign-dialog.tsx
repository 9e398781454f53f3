// Reassigning a booking to another member (issue 15, decision 026): the server checks that member's bookings
// (a clash is refused, nothing changes) and tells the buyer by e-mail.
import { useState } from 'react';
import toast from 'react-hot-toast';
import type { TeamMember } from '@keyturn/domain/schemas/team';
import type { TeamBooking } from '@keyturn/domain/schemas/teamBookings';
import { ErrorAlert } from '@/components/ui/alert';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { formatIsoDate, formatTime } from '@/components/ui/format';
import { SelectField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { useReassignBooking } from '@/lib/team';

/** A member with an agent profile: one who can hold bookings. */
export type ScheduleMember = TeamMember & { agentId: string };

export function ReassignDialog({
  booking,
  members,
  onClose,
}: {
  booking: TeamBooking;
  members: ScheduleMember[];
  onClose: () => void;
}) {
  const reassign = useReassignBooking();
  const others = members.filter((m) => m.agentId !== booking.agent_id);
  const [to, setTo] = useState('');
  const error = reassign.error;
  // A clash names each booking that cannot move (REASSIGN_CONFLICT's fields) — shown under the message.
  const details = error instanceof ApiError && error.fields ? Object.values(error.fields) : [];

  return (
    <ConfirmDialog
      open
      title={`Reassign ${booking.client_name}`}
      confirmLabel="Reassign"
      busy={reassign.isPending}
      confirmDisabled={!to}
      onCancel={onClose}
      onConfirm={() => {
        const name = others.find((m) => m.agentId === to)?.name ?? 'the new member';
        void reassign
          .mutateAsync({ bookingId: booking.id, memberId: to })
          .then(() => {
            toast.success(`Now with ${name}. The buyer has been told by e-mail.`);
            onClose();
          })
          .catch(() => {});
      }}
    >
      <div className="space-y-3">
        <p>
          {formatIsoDate(booking.booking_date)} at {formatTime(booking.booking_time)} with{' '}
          {booking.agent_name}
          {booking.property_address ? `, ${booking.property_address}` : ''}. The time stays the same; the new
          member must be free then.
        </p>
        <SelectField label="Reassign to" value={to} onChange={(e) => setTo(e.target.value)}>
          <option value="">Choose a member</option>
          {others.map((m) => (
            <option key={m.agentId} value={m.agentId}>
              {m.name}
            </option>
          ))}
        </SelectField>
        {error ? (
          <ErrorAlert>
            {error.message}
            {details.length > 0 ? (
              <ul className="mt-1 list-disc pl-5">
                {details.map((d) => (
                  <li key={d}>{d}</li>
                ))}
              </ul>
            ) : null}
          </ErrorAlert>
        ) : null}
      </div>
    </ConfirmDialog>
  );
}
