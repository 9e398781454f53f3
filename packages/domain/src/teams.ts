// Teams (issue 15, decision 024): who may do what in a team, and how many seats a team has. Pure rules the
// server enforces and the Team settings screen reads to show only the actions a role may take.
import type { Plan } from './plans';

export const TEAM_ROLES = ['owner', 'admin', 'member'] as const;
export type TeamRole = (typeof TEAM_ROLES)[number];

/** The roles an invitation may carry: a new owner is made by changing a member's role, never by invitation. */
export const INVITABLE_ROLES = ['admin', 'member'] as const satisfies readonly TeamRole[];
export type InvitableRole = (typeof INVITABLE_ROLES)[number];

export const TEAM_ROLE_LABELS: Record<TeamRole, string> = {
  owner: 'Owner',
  admin: 'Admin',
  member: 'Member',
};

/** An invitation can be accepted for this many days after it was (re)sent. */
export const INVITATION_VALID_DAYS = 7;

export type TeamAction =
  | 'view'
  | 'editTeam'
  | 'invite'
  | 'manageInvitations'
  | 'changeRole'
  | 'removeMember'
  | 'viewTeamBookings'
  | 'reassignBookings'
  | 'assignProperties'
  | 'editTeamProperties'
  | 'leave';

/**
 * Whether a member with `actor` role may take `action` (on a member with `target` role, and — for a role
 * change — giving them `newRole`). Owners do everything; admins manage invitations and members but never
 * touch an owner nor make one; members view the team (their own bookings only) and leave. The last-owner rule is separate (lastOwnerBlocks).
 */
export function teamCan(
  actor: TeamRole,
  action: TeamAction,
  target?: { role: TeamRole; newRole?: TeamRole },
): boolean {
  switch (action) {
    case 'view':
    case 'leave':
      return true;
    case 'editTeam':
    case 'invite':
    case 'manageInvitations':
    case 'viewTeamBookings':
    case 'reassignBookings':
    case 'assignProperties':
    case 'editTeamProperties':
      return actor === 'owner' || actor === 'admin';
    case 'changeRole':
    case 'removeMember':
      if (actor === 'owner') return true;
      if (actor !== 'admin' || !target) return false;
      return target.role !== 'owner' && target.newRole !== 'owner';
  }
}

/**
 * The last owner cannot leave, be removed or lose the owner role: a team always has someone who can manage
 * it. `owners` is the number of owners now; `target` the member the action is about.
 */
export function lastOwnerBlocks(owners: number, target: { role: TeamRole; newRole?: TeamRole }): boolean {
  return target.role === 'owner' && owners <= 1 && target.newRole !== 'owner';
}

export type SeatSummary = {
  /** Seats the plan includes (plan table). */
  included: number;
  /** Seats bought on top (set by `npm run admin -- set-seats`). */
  extra: number;
  total: number;
  /** Members plus pending invitations: an invitation holds its seat until it is accepted, revoked or expires. */
  used: number;
  members: number;
  pendingInvitations: number;
  available: number;
  /** The plan's monthly price plus each extra seat at the plan's per-user price (spec §9). */
  monthlyPriceUsd: number;
  extraUserMonthlyUsd: number;
};

export function seatSummary(input: {
  plan: Plan;
  extraSeats: number;
  members: number;
  pendingInvitations: number;
}): SeatSummary {
  const { plan, members, pendingInvitations } = input;
  const perUser = plan.extraUserMonthlyUsd ?? 0;
  const extra = plan.extraUserMonthlyUsd === null ? 0 : Math.max(0, input.extraSeats);
  const total = plan.includedUsers + extra;
  const used = members + pendingInvitations;
  return {
    included: plan.includedUsers,
    extra,
    total,
    used,
    members,
    pendingInvitations,
    available: Math.max(0, total - used),
    monthlyPriceUsd: plan.monthlyPriceUsd + extra * perUser,
    extraUserMonthlyUsd: perUser,
  };
}

/** The refusal of an invitation beyond the seats: says how many there are and what to do. */
export function seatLimitMessage(seats: Pick<SeatSummary, 'total' | 'included' | 'extra'>): string {
  return `All ${seats.total} seats of your team are taken (${seats.included} included + ${seats.extra} extra). Remove a member or revoke an invitation, or add seats, to invite someone else.`;
}

/**
 * Whose rows a plan limit (properties, bookings a month — plans.ts) counts (issue 15, decision 026): the whole
 * team's when the caller is in a team whose plan includes teams (Enterprise, unlimited today, so a team never
 * outgrows one member's allowance), the caller's own otherwise — a member of a team that lost its Enterprise
 * owner, and every agent outside a team, count alone.
 */
export type LimitScope = 'team' | 'agent';
export function limitScope(input: { inTeam: boolean; teamPlan: Plan | null }): LimitScope {
  return input.inTeam && input.teamPlan?.features.teams ? 'team' : 'agent';
}

/**
 * What happens to a leaving member's future bookings (decision 026): `reassign` hands each to one chosen member
 * (each checked against that member's bookings; one clash refuses the whole removal), `cancel` cancels each
 * with the normal notice to its buyer. A member with future bookings cannot be removed without a choice, and
 * cannot leave on their own: an owner or admin removes them and decides.
 */
export const HANDOVER_CHOICES = ['reassign', 'cancel'] as const;
export type HandoverChoice = (typeof HANDOVER_CHOICES)[number];

/** Whether a removal may go ahead: nothing to hand over, or a choice (with a member to reassign to). */
export function handoverReady(
  futureBookings: number,
  choice: { bookings?: HandoverChoice | undefined; reassignTo?: string | undefined },
): boolean {
  if (futureBookings === 0) return true;
  if (choice.bookings === 'cancel') return true;
  return choice.bookings === 'reassign' && Boolean(choice.reassignTo);
}

/** The texts of the team rules, shown by the API's refusals and the Team screen alike. */
export const TEAM_MESSAGES = {
  notInTeam: 'You are not in a team.',
  alreadyInTeam: 'You are already in a team. Leave it before creating or joining another.',
  slugTaken: 'This URL name is taken; choose another.',
  roleRequired: 'Only the team’s owners and admins can do this.',
  ownerRequired: 'Only an owner can change or remove an owner, or make someone an owner.',
  lastOwner:
    'A team needs an owner: make another member an owner first, then you can leave, be removed or change role.',
  alreadyMember: 'This person is already a member of your team.',
  alreadyInvited: 'This address already has a pending invitation: send it again instead.',
  invitationNotFound: 'This invitation does not exist or was withdrawn.',
  invitationNotPending: 'This invitation is no longer open: it was accepted or withdrawn.',
  invitationExpired: 'This invitation has expired. Ask the team for a new one.',
  invitationOtherEmail:
    'This invitation was sent to another e-mail address. Sign in with that address to accept it.',
  useLeave: 'To leave the team yourself, use Leave team.',
  handoverRequired:
    'This member has future bookings. Choose whether to reassign them to another member or cancel them (their buyers are told).',
  leaveWithBookings:
    'You have future bookings. Ask an owner or admin to remove you from the team: they choose who takes your bookings, or cancel them with notice to the buyers.',
  reassignConflict: 'Some bookings cannot move to this member: they already have a booking at that time.',
  reassignSameAgent: 'This booking is already with this member.',
  reassignNotActive: 'Only a pending or confirmed booking that has not started can be reassigned.',
  reassignTargetNoProfile: 'This member has not set up their agent profile yet.',
} as const;
