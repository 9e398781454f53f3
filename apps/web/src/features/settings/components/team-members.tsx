// Settings → Team: the members with their roles — change a role, remove a member (and hand over their
// future bookings), leave the team, the consultation pool switch. Only what the caller's role may do is offered.
import { useState } from 'react';
import type { TeamMember, TeamOverview } from '@keyturn/domain/schemas/team';
import {
  lastOwnerBlocks,
  TEAM_MESSAGES,
  TEAM_ROLE_LABELS,
  TEAM_ROLES,
  teamCan,
  type HandoverChoice,
  type TeamRole,
} from '@keyturn/domain/teams';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { SelectField } from '@/components/ui/text-field';
import { useSession } from '@/lib/auth';
import { useChangeRole, useLeaveTeam, useRemoveMember } from '@/lib/team';
import { toast } from '@/lib/toast';
import { HandoverChoiceFields } from './handover-choice-fields';
import { OutOfPoolBadge, PoolSwitch } from './pool-switch';
import { RoleOptions, teamCard as card } from './team-parts';

export function MemberList({ team }: { team: TeamOverview }) {
  const session = useSession();
  const myId = session.status === 'signed-in' ? session.user.id : null;
  const owners = team.members.filter((m) => m.role === 'owner').length;
  return (
    <section aria-labelledby="team-members-heading" className={card}>
      <h3 id="team-members-heading" className="text-base font-semibold text-slate-900">
        Members ({team.members.length})
      </h3>
      <ul className="mt-3 divide-y divide-slate-100">
        {team.members.map((member) => (
          <MemberRow
            key={member.id}
            member={member}
            actor={team.role}
            isMe={member.userId === myId}
            owners={owners}
            others={team.members.filter((m) => m.id !== member.id)}
          />
        ))}
      </ul>
    </section>
  );
}

function MemberRow({
  member,
  actor,
  isMe,
  owners,
  others,
}: {
  member: TeamMember;
  actor: TeamRole;
  isMe: boolean;
  owners: number;
  /** The other members: who can take this member's bookings over. */
  others: TeamMember[];
}) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const leave = useLeaveTeam();
  const [confirm, setConfirm] = useState<'remove' | 'leave' | null>(null);
  const future = member.futureBookings ?? 0;
  const heirs = others.filter((m): m is TeamMember & { agentId: string } => m.agentId !== null);
  const [handover, setHandover] = useState<HandoverChoice>('reassign');
  const [heir, setHeir] = useState<string>('');
  const roles = TEAM_ROLES.filter(
    (r) =>
      r === member.role ||
      (teamCan(actor, 'changeRole', { role: member.role, newRole: r }) &&
        !lastOwnerBlocks(owners, { role: member.role, newRole: r })),
  );
  const mayRemove =
    !isMe && teamCan(actor, 'removeMember', { role: member.role }) && !lastOwnerBlocks(owners, member);
  const mayLeave = isMe && !lastOwnerBlocks(owners, member);
  const error = changeRole.error ?? remove.error ?? leave.error;

  return (
    <li className="flex flex-wrap items-center gap-3 py-3">
      <div className="min-w-0 flex-1 basis-full sm:basis-0">
        <p className="font-medium text-slate-900">
          {member.name}
          {isMe ? <span className="ml-1 text-sm font-normal text-slate-500">(you)</span> : null}
        </p>
        <p className="truncate text-sm text-slate-600">{member.email}</p>
        {member.agentId ? null : (
          <p className="text-xs text-slate-500">Has not set up an agent profile yet.</p>
        )}
      </div>
      {roles.length > 1 ? (
        <SelectField
          label={`Role of ${member.name}`}
          className="w-36"
          value={member.role}
          disabled={changeRole.isPending}
          onChange={(e) =>
            void changeRole
              .mutateAsync({ memberId: member.id, role: e.target.value as TeamRole })
              .then(() =>
                toast.success(`${member.name} is now ${TEAM_ROLE_LABELS[e.target.value as TeamRole]}.`),
              )
              .catch(() => {})
          }
        >
          <RoleOptions roles={roles} />
        </SelectField>
      ) : (
        <span className="rounded-full bg-slate-100 px-2.5 py-1 text-xs font-medium text-slate-700">
          {TEAM_ROLE_LABELS[member.role]}
        </span>
      )}
      {mayRemove ? (
        <Button variant="danger-ghost" size="sm" onClick={() => setConfirm('remove')}>
          Remove
        </Button>
      ) : null}
      {mayLeave ? (
        <Button variant="danger-ghost" size="sm" onClick={() => setConfirm('leave')}>
          Leave team
        </Button>
      ) : null}
      {isMe && !mayLeave ? <p className="w-full text-xs text-slate-500">{TEAM_MESSAGES.lastOwner}</p> : null}
      {/* Issue 15: the consultation pool — the member's own switch; owners and admins see who is out. */}
      {isMe && member.agentId ? <PoolSwitch inPool={member.inPool} /> : null}
      {!isMe && !member.inPool && teamCan(actor, 'invite') ? <OutOfPoolBadge /> : null}
      {error ? (
        <div className="w-full">
          <ErrorAlert>{error.message}</ErrorAlert>
        </div>
      ) : null}
      <ConfirmDialog
        open={confirm !== null}
        title={confirm === 'leave' ? 'Leave this team?' : `Remove ${member.name}?`}
        confirmLabel={confirm === 'leave' ? 'Leave team' : 'Remove'}
        danger
        busy={remove.isPending || leave.isPending}
        confirmDisabled={confirm === 'remove' && future > 0 && handover === 'reassign' && !heir}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          const choice = future > 0 ? { bookings: handover, reassignTo: heir || null } : null;
          const done =
            confirm === 'leave'
              ? leave.mutateAsync(undefined)
              : remove.mutateAsync({ memberId: member.id, choice });
          void done
            .then(() =>
              toast.success(confirm === 'leave' ? 'You left the team.' : `${member.name} was removed.`),
            )
            .catch(() => {})
            .finally(() => setConfirm(null));
        }}
      >
        {confirm === 'leave' ? (
          'You will no longer see this team. To come back, someone has to invite you again.'
        ) : (
          <div className="space-y-3">
            <p>
              {member.name} loses access to the team. Their own properties stay theirs; the team’s properties
              assigned to them go to the member you choose below, or to you.
            </p>
            {future > 0 ? (
              <HandoverChoiceFields
                name={member.name}
                future={future}
                heirs={heirs}
                handover={handover}
                onHandover={setHandover}
                heir={heir}
                onHeir={setHeir}
              />
            ) : (
              <p>They have no future bookings.</p>
            )}
          </div>
        )}
      </ConfirmDialog>
    </li>
  );
}
