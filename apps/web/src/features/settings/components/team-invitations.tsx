// Settings → Team: inviting by e-mail, and the pending invitations (resend, revoke).
import { useState } from 'react';
import type { FormEvent } from 'react';
import { invitationInputSchema, type TeamOverview } from '@keyturn/domain/schemas/team';
import {
  INVITABLE_ROLES,
  INVITATION_VALID_DAYS,
  TEAM_ROLE_LABELS,
  type InvitableRole,
} from '@keyturn/domain/teams';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { SelectField, TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import { firstIssuePerField } from '@/lib/form-errors';
import { useInvite, useResendInvitation, useRevokeInvitation } from '@/lib/team';
import { toast } from '@/lib/toast';
import { RoleOptions, teamCard as card } from './team-parts';

export function InviteForm({ team }: { team: TeamOverview }) {
  const invite = useInvite();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<InvitableRole>('member');
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = invitationInputSchema.safeParse({ email, role });
    if (!parsed.success) {
      setErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await invite.mutateAsync(parsed.data);
      toast.success(`Invitation sent to ${parsed.data.email}.`);
      setEmail('');
    } catch (error) {
      if (error instanceof ApiError && error.fields.email) setErrors({ email: error.fields.email });
    }
  };

  return (
    <form onSubmit={submit} noValidate className={`space-y-4 ${card}`}>
      <h3 className="text-base font-semibold text-slate-900">Invite by e-mail</h3>
      <p className="text-sm text-slate-600">
        We e-mail a link valid for {INVITATION_VALID_DAYS} days; they join by creating an account or signing
        in. A pending invitation holds a seat ({team.seats.available} free).
      </p>
      <div className="grid gap-4 sm:grid-cols-[1fr_10rem]">
        <TextField
          label="E-mail"
          type="email"
          inputMode="email"
          autoComplete="off"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          error={errors.email}
        />
        <SelectField label="Role" value={role} onChange={(e) => setRole(e.target.value as InvitableRole)}>
          <RoleOptions roles={INVITABLE_ROLES} />
        </SelectField>
      </div>
      {invite.isError && !(invite.error instanceof ApiError && invite.error.fields.email) ? (
        <ErrorAlert>{invite.error.message}</ErrorAlert>
      ) : null}
      <Button type="submit" disabled={invite.isPending}>
        {invite.isPending ? 'Sending…' : 'Send invitation'}
      </Button>
    </form>
  );
}

export function InvitationList({ team }: { team: TeamOverview }) {
  const resend = useResendInvitation();
  const revoke = useRevokeInvitation();
  const error = resend.error ?? revoke.error;
  return (
    <section aria-labelledby="team-invitations-heading" className={card}>
      <h3 id="team-invitations-heading" className="text-base font-semibold text-slate-900">
        Pending invitations ({team.invitations.length})
      </h3>
      {team.invitations.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">No invitations waiting.</p>
      ) : (
        <ul className="mt-3 divide-y divide-slate-100">
          {team.invitations.map((inv) => (
            <li key={inv.id} className="flex flex-wrap items-center gap-3 py-3">
              <div className="min-w-0 flex-1">
                <p className="truncate font-medium text-slate-900">{inv.email}</p>
                <p className="text-sm text-slate-600">
                  {TEAM_ROLE_LABELS[inv.role]} · invited by {inv.invitedBy} ·{' '}
                  {inv.status === 'expired'
                    ? 'expired'
                    : `valid until ${new Date(inv.expiresAt).toLocaleDateString()}`}
                </p>
              </div>
              <InvitationAction
                variant="secondary"
                mutation={resend}
                id={inv.id}
                done={`Invitation sent again to ${inv.email}.`}
              >
                Resend
              </InvitationAction>
              <InvitationAction
                variant="danger-ghost"
                mutation={revoke}
                id={inv.id}
                done={`Invitation to ${inv.email} revoked.`}
              >
                Revoke
              </InvitationAction>
            </li>
          ))}
        </ul>
      )}
      {error ? (
        <div className="mt-3">
          <ErrorAlert>{error.message}</ErrorAlert>
        </div>
      ) : null}
    </section>
  );
}

/** A button that runs one invitation mutation and says so in a toast (its error shows below the list). */
function InvitationAction({
  variant,
  mutation,
  id,
  done,
  children,
}: {
  variant: 'secondary' | 'danger-ghost';
  mutation: { isPending: boolean; mutateAsync: (id: string) => Promise<unknown> };
  id: string;
  done: string;
  children: string;
}) {
  return (
    <Button
      variant={variant}
      size="sm"
      disabled={mutation.isPending}
      onClick={() =>
        void mutation
          .mutateAsync(id)
          .then(() => toast.success(done))
          .catch(() => {})
      }
    >
      {children}
    </Button>
  );
}
