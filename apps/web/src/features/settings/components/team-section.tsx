// Settings → Team (issue 15, Enterprise; loaded lazily with its tab): create a team, its members with roles,
// invitations by e-mail (resend, revoke), role changes, removing members, leaving. Only the actions the
// caller's role may take are offered (the domain's teamCan); the server checks them again. Below Enterprise:
// what a team adds and an upgrade hint.
import { useState } from 'react';
import type { FormEvent } from 'react';
import { toast } from '@/lib/toast';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { slugify } from '@keyturn/domain/links';
import { planAllows } from '@keyturn/domain/planGates';
import { PLANS } from '@keyturn/domain/plans';
import {
  invitationInputSchema,
  teamInputSchema,
  TEAM_SLUG_MAX_LENGTH,
  type TeamMember,
  type TeamOverview,
} from '@keyturn/domain/schemas/team';
import {
  INVITABLE_ROLES,
  INVITATION_VALID_DAYS,
  lastOwnerBlocks,
  TEAM_MESSAGES,
  TEAM_ROLE_LABELS,
  TEAM_ROLES,
  teamCan,
  type HandoverChoice,
  type InvitableRole,
  type TeamRole,
} from '@keyturn/domain/teams';
import { countOf } from '@keyturn/domain/plural';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { ConfirmDialog } from '@/components/ui/confirm-dialog';
import { ImageUploadField } from '@/components/ui/image-upload-field';
import { Spinner } from '@/components/ui/spinner';
import { SelectField, TextField } from '@/components/ui/text-field';
import { UpgradeHint } from '@/components/ui/upgrade-hint';
import { ApiError } from '@/lib/api';
import { useSession } from '@/lib/auth';
import { firstIssuePerField } from '@/lib/form-errors';
import { usePlan } from '@/lib/plan';
import {
  useChangeRole,
  useCreateTeam,
  useInvite,
  useLeaveTeam,
  useRemoveMember,
  useResendInvitation,
  useRevokeInvitation,
  useTeam,
  useUpdateTeam,
} from '@/lib/team';
import { SeatsSummary } from '@/components/team-seats';
import { OutOfPoolBadge, PoolSwitch } from './pool-switch';
import { TeamBookings } from '@/components/team-bookings';

const card = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm';

export function TeamSection() {
  const { plan } = usePlan(true);
  const team = useTeam();
  if (team.isPending) return <Spinner label="Loading your team" />;
  if (team.isError) return <ErrorAlert>We could not load your team. {team.error.message}</ErrorAlert>;
  if (team.data) return <TeamView team={team.data} />;
  if (!planAllows(plan, 'teams')) {
    const enterprise = PLANS.enterprise;
    return (
      <UpgradeHint feature="teams">
        With a team, your agents share one brand and one account: invite them by e-mail as admins or members,
        change their roles and remove them. {enterprise.name} includes {enterprise.includedUsers} users; each
        extra user is ${enterprise.extraUserMonthlyUsd} a month.
      </UpgradeHint>
    );
  }
  return (
    <div className="space-y-4">
      <p className="text-sm text-slate-600">
        You are not in a team yet. Create one and invite your agents: {PLANS.enterprise.includedUsers} seats
        are included in your plan. If someone invited you, open the link in their e-mail instead.
      </p>
      <TeamForm mode="create" />
    </div>
  );
}

function TeamForm({ mode, team }: { mode: 'create' | 'edit'; team?: TeamOverview['team'] }) {
  const create = useCreateTeam();
  const update = useUpdateTeam();
  const mutation = mode === 'create' ? create : update;
  const [name, setName] = useState(team?.name ?? '');
  const [slug, setSlug] = useState(team?.slug ?? '');
  const [slugEdited, setSlugEdited] = useState(mode === 'edit');
  const [logo, setLogo] = useState<string | null>(team?.logo ?? null);
  const [color, setColor] = useState(team?.color ?? DEFAULT_PRIMARY_COLOR);
  const [errors, setErrors] = useState<Record<string, string>>({});

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    const parsed = teamInputSchema.safeParse({ name, slug, logo, color });
    if (!parsed.success) {
      setErrors(firstIssuePerField(parsed.error.issues));
      return;
    }
    setErrors({});
    try {
      await mutation.mutateAsync(parsed.data);
      toast.success(mode === 'create' ? 'Team created.' : 'Team saved.');
    } catch (error) {
      if (error instanceof ApiError && Object.keys(error.fields).length > 0) setErrors(error.fields);
    }
  };

  return (
    <form onSubmit={submit} noValidate className={`space-y-4 ${card}`}>
      <h3 className="text-base font-semibold text-slate-900">
        {mode === 'create' ? 'Create your team' : 'Team details'}
      </h3>
      <div className="grid gap-4 sm:grid-cols-2">
        <TextField
          label="Team name"
          value={name}
          onChange={(e) => {
            setName(e.target.value);
            if (!slugEdited) setSlug(slugify(e.target.value).slice(0, TEAM_SLUG_MAX_LENGTH));
          }}
          error={errors.name}
        />
        <TextField
          label="URL name"
          value={slug}
          onChange={(e) => {
            setSlug(e.target.value);
            setSlugEdited(true);
          }}
          hint="Lowercase letters, digits and hyphens: how your team is named in links."
          error={errors.slug}
        />
        <TextField
          label="Colour"
          value={color}
          onChange={(e) => setColor(e.target.value)}
          hint={
            <span className="inline-flex items-center gap-2">
              <span aria-hidden className="inline-block size-4 rounded" style={{ backgroundColor: color }} />A
              colour like #3B82F6
            </span>
          }
          error={errors.color}
        />
        <ImageUploadField label="Team logo" kind="logo" value={logo} onChange={setLogo} error={errors.logo} />
      </div>
      {mutation.isError &&
      !(mutation.error instanceof ApiError && Object.keys(mutation.error.fields).length) ? (
        <ErrorAlert>{mutation.error.message}</ErrorAlert>
      ) : null}
      <Button type="submit" disabled={mutation.isPending}>
        {mutation.isPending ? 'Saving…' : mode === 'create' ? 'Create team' : 'Save team'}
      </Button>
    </form>
  );
}

function TeamView({ team }: { team: TeamOverview }) {
  const { role } = team;
  const manages = teamCan(role, 'invite');
  return (
    <div className="space-y-6">
      <div className={`flex flex-wrap items-center gap-3 ${card}`}>
        <span
          aria-hidden
          className="inline-block size-8 rounded-lg"
          style={{ backgroundColor: team.team.color }}
        />
        <div>
          <h3 className="text-lg font-semibold text-slate-900">{team.team.name}</h3>
          <p className="text-sm text-slate-600">
            You are {role === 'member' ? 'a' : 'an'} {TEAM_ROLE_LABELS[role].toLowerCase()} of this team.
          </p>
        </div>
      </div>
      {team.planIncludesTeams ? null : (
        <UpgradeHint feature="teams">
          None of this team’s owners is on the Enterprise plan any more: the team and its members stay, but no
          one can be invited until an owner upgrades.
        </UpgradeHint>
      )}
      <SeatsSummary seats={team.seats} />
      <MemberList team={team} />
      {manages ? <InviteForm team={team} /> : null}
      {manages ? <InvitationList team={team} /> : null}
      {teamCan(role, 'viewTeamBookings') ? <TeamBookings team={team} /> : null}
      {teamCan(role, 'editTeam') ? <TeamForm mode="edit" team={team.team} /> : null}
    </div>
  );
}

function MemberList({ team }: { team: TeamOverview }) {
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
          {roles.map((r) => (
            <option key={r} value={r}>
              {TEAM_ROLE_LABELS[r]}
            </option>
          ))}
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

/**
 * The removal's choice for a member's future bookings (decision 026): every one reassigned to one member
 * (the server checks each against that member's bookings and refuses the whole removal on a clash), or every
 * one cancelled with the normal cancellation notice to its buyer.
 */
function HandoverChoiceFields({
  name,
  future,
  heirs,
  handover,
  onHandover,
  heir,
  onHeir,
}: {
  name: string;
  future: number;
  heirs: (TeamMember & { agentId: string })[];
  handover: HandoverChoice;
  onHandover: (choice: HandoverChoice) => void;
  heir: string;
  onHeir: (agentId: string) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium text-slate-900">
        {name} has {countOf(future, 'future booking')}. What happens to {future === 1 ? 'it' : 'them'}?
      </legend>
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name="handover"
          value="reassign"
          checked={handover === 'reassign'}
          onChange={() => onHandover('reassign')}
          className="size-4 accent-blue-600"
        />
        Reassign to another member (each buyer is told)
      </label>
      {handover === 'reassign' ? (
        <SelectField label="Reassign to" value={heir} onChange={(e) => onHeir(e.target.value)}>
          <option value="">Choose a member</option>
          {heirs.map((m) => (
            <option key={m.agentId} value={m.agentId}>
              {m.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <label className="flex items-center gap-2">
        <input
          type="radio"
          name="handover"
          value="cancel"
          checked={handover === 'cancel'}
          onChange={() => onHandover('cancel')}
          className="size-4 accent-blue-600"
        />
        Cancel them (each buyer gets the cancellation notice)
      </label>
    </fieldset>
  );
}

function InviteForm({ team }: { team: TeamOverview }) {
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
          {INVITABLE_ROLES.map((r) => (
            <option key={r} value={r}>
              {TEAM_ROLE_LABELS[r]}
            </option>
          ))}
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

function InvitationList({ team }: { team: TeamOverview }) {
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
              <Button
                variant="secondary"
                size="sm"
                disabled={resend.isPending}
                onClick={() =>
                  void resend
                    .mutateAsync(inv.id)
                    .then(() => toast.success(`Invitation sent again to ${inv.email}.`))
                    .catch(() => {})
                }
              >
                Resend
              </Button>
              <Button
                variant="danger-ghost"
                size="sm"
                disabled={revoke.isPending}
                onClick={() =>
                  void revoke
                    .mutateAsync(inv.id)
                    .then(() => toast.success(`Invitation to ${inv.email} revoked.`))
                    .catch(() => {})
                }
              >
                Revoke
              </Button>
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
