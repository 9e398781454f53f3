import { describe, expect, it } from 'vitest';
import { planAllows, upgradeMessage } from './planGates';
import { PLANS, PLAN_ORDER } from './plans';
import {
  handoverReady,
  lastOwnerBlocks,
  limitScope,
  seatLimitMessage,
  seatSummary,
  teamCan,
  TEAM_ROLES,
  type TeamAction,
} from './teams';

describe('team roles (issue 15)', () => {
  it('teams are an Enterprise feature, refused below with the upgrade message', () => {
    expect(PLAN_ORDER.map((p) => planAllows(p, 'teams'))).toEqual([false, false, true]);
    expect(upgradeMessage('teams')).toBe('Teams are part of the Enterprise plan. Upgrade to use them.');
  });

  it('owners do everything, admins manage invitations and non-owners, members view and leave', () => {
    const plain: TeamAction[] = [
      'view',
      'editTeam',
      'invite',
      'manageInvitations',
      'viewTeamBookings',
      'leave',
    ];
    const table = Object.fromEntries(TEAM_ROLES.map((r) => [r, plain.map((a) => teamCan(r, a))]));
    expect(table).toEqual({
      owner: [true, true, true, true, true, true],
      admin: [true, true, true, true, true, true],
      member: [true, false, false, false, false, true],
    });
    expect(teamCan('admin', 'changeRole', { role: 'member', newRole: 'admin' })).toBe(true);
    expect(teamCan('admin', 'changeRole', { role: 'member', newRole: 'owner' })).toBe(false);
    expect(teamCan('admin', 'changeRole', { role: 'owner', newRole: 'member' })).toBe(false);
    expect(teamCan('admin', 'removeMember', { role: 'admin' })).toBe(true);
    expect(teamCan('admin', 'removeMember', { role: 'owner' })).toBe(false);
    expect(teamCan('owner', 'removeMember', { role: 'owner' })).toBe(true);
    expect(teamCan('member', 'removeMember', { role: 'member' })).toBe(false);
  });

  it('the last owner cannot leave, be removed or lose the owner role', () => {
    expect(lastOwnerBlocks(1, { role: 'owner' })).toBe(true);
    expect(lastOwnerBlocks(1, { role: 'owner', newRole: 'admin' })).toBe(true);
    expect(lastOwnerBlocks(1, { role: 'owner', newRole: 'owner' })).toBe(false);
    expect(lastOwnerBlocks(2, { role: 'owner' })).toBe(false);
    expect(lastOwnerBlocks(1, { role: 'member' })).toBe(false);
  });
});

describe('team seats (issue 15, spec §9)', () => {
  it('includes the plan table’s users, counts pending invitations, and prices each extra seat', () => {
    const seats = seatSummary({ plan: PLANS.enterprise, extraSeats: 2, members: 4, pendingInvitations: 2 });
    expect(seats).toEqual({
      included: 5,
      extra: 2,
      total: 7,
      used: 6,
      members: 4,
      pendingInvitations: 2,
      available: 1,
      monthlyPriceUsd: 99 + 2 * 15,
      extraUserMonthlyUsd: 15,
    });
    // A plan that cannot add users has no extra seats whatever the number says.
    expect(seatSummary({ plan: PLANS.pro, extraSeats: 3, members: 1, pendingInvitations: 0 })).toMatchObject({
      total: 1,
      extra: 0,
      available: 0,
      monthlyPriceUsd: 25,
    });
    expect(seatLimitMessage(seats)).toMatch(/^All 7 seats of your team are taken \(5 included \+ 2 extra\)/);
  });
});

describe('working as a team (issue 15, decision 026)', () => {
  it('only owners and admins reassign bookings, assign team properties and edit every team property', () => {
    for (const action of ['reassignBookings', 'assignProperties', 'editTeamProperties'] as const) {
      expect(teamCan('owner', action)).toBe(true);
      expect(teamCan('admin', action)).toBe(true);
      expect(teamCan('member', action)).toBe(false);
    }
  });

  it('plan limits count per team on a team with teams in its plan, per agent everywhere else', () => {
    expect(limitScope({ inTeam: true, teamPlan: PLANS.enterprise })).toBe('team');
    // A team whose Enterprise owner left or downgraded: each member counts alone again.
    expect(limitScope({ inTeam: true, teamPlan: PLANS.pro })).toBe('agent');
    expect(limitScope({ inTeam: false, teamPlan: null })).toBe('agent');
    expect(limitScope({ inTeam: false, teamPlan: PLANS.enterprise })).toBe('agent');
  });

  it('a member with future bookings is removed only with a choice: reassign to someone, or cancel', () => {
    expect(handoverReady(0, {})).toBe(true);
    expect(handoverReady(2, {})).toBe(false);
    expect(handoverReady(2, { bookings: 'reassign' })).toBe(false);
    expect(handoverReady(2, { bookings: 'reassign', reassignTo: 'agent-2' })).toBe(true);
    expect(handoverReady(2, { bookings: 'cancel' })).toBe(true);
  });
});
