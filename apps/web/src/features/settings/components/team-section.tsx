// Settings → Team (issue 15, Enterprise; loaded lazily with its tab): create a team, its members with roles,
// invitations by e-mail (resend, revoke), role changes, removing members, leaving. Only the actions the
// caller's role may take are offered (the domain's teamCan); the server checks them again. Below Enterprise:
// what a team adds and an upgrade hint. The pieces: team-form (details), team-members (roles, removal,
// leaving), team-invitations (invite, resend, revoke), team-sso-form (the owners' single sign-on, decision 070).
import { planAllows } from '@keyturn/domain/planGates';
import { PLANS } from '@keyturn/domain/plans';
import type { TeamOverview } from '@keyturn/domain/schemas/team';
import { TEAM_ROLE_LABELS, teamCan } from '@keyturn/domain/teams';
import { ErrorAlert } from '@/components/ui/alert';
import { Spinner } from '@/components/ui/spinner';
import { UpgradeHint } from '@/components/ui/upgrade-hint';
import { usePlan } from '@/lib/plan';
import { useTeam } from '@/lib/team';
import { SeatsSummary } from '@/components/team-seats';
import { TeamBookings } from '@/components/team-bookings';
import { TeamForm } from './team-form';
import { InvitationList, InviteForm } from './team-invitations';
import { MoveListings } from './team-listings';
import { MemberList } from './team-members';
import { TeamSsoSection } from './team-sso-form';
import { teamCard as card } from './team-parts';

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
      {team.planIncludesTeams ? <MoveListings /> : null}
      {teamCan(role, 'editTeam') ? <TeamForm mode="edit" team={team.team} /> : null}
      {/* Decision 070: SSO is set by owners, on a team whose plan has teams (Enterprise). */}
      {role === 'owner' && team.planIncludesTeams ? <TeamSsoSection /> : null}
    </div>
  );
}
