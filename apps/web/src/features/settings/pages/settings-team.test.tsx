import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TeamOverview } from '@keyturn/domain/schemas/team';
import { seatLimitMessage, seatSummary } from '@keyturn/domain/teams';
import { PLANS } from '@keyturn/domain/plans';
import type { RecordedCall } from '@/test/utils';
import {
  json,
  renderAt,
  signedInSessionRoutes,
  SIGNED_IN_USER,
  stubApi,
  TEST_AGENT_PROFILE,
} from '@/test/utils';
import { SettingsPage } from './settings-page';

const seats = seatSummary({ plan: PLANS.enterprise, extraSeats: 1, members: 2, pendingInvitations: 1 });

function overview(role: TeamOverview['role']): TeamOverview {
  return {
    team: {
      id: 't1',
      name: 'Stone Realty',
      slug: 'stone-realty',
      logo: null,
      consultation_place: 'remote',
      office_address: null,
      color: '#10B981',
      createdAt: '2030-01-01T00:00:00.000Z',
    },
    role,
    members: [
      {
        id: 'm1',
        userId: SIGNED_IN_USER.id,
        name: SIGNED_IN_USER.name,
        email: SIGNED_IN_USER.email,
        role,
        agentId: 'a1',
        timeZone: 'America/New_York',
        joinedAt: '2030-01-01T00:00:00.000Z',
        inPool: true,
        futureBookings: null,
      },
      {
        id: 'm2',
        userId: 'u2',
        name: 'Riley Park',
        email: 'riley@example.com',
        role: 'member',
        agentId: null,
        timeZone: null,
        joinedAt: '2030-01-02T00:00:00.000Z',
        inPool: false,
        futureBookings: null,
      },
    ],
    invitations:
      role === 'member'
        ? []
        : [
            {
              id: 'i1',
              email: 'new@example.com',
              role: 'member',
              status: 'pending',
              expiresAt: '2030-01-09T00:00:00.000Z',
              invitedBy: 'Dana Scully',
              createdAt: '2030-01-02T00:00:00.000Z',
            },
          ],
    seats,
    planIncludesTeams: true,
  };
}

function renderTeam(
  plan: string,
  team: TeamOverview | null,
  routes: Record<string, (call: RecordedCall) => Response> = {},
) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/profile': () => json(200, { success: true, data: { ...TEST_AGENT_PROFILE, plan } }),
    'GET /payments/subscription': () =>
      json(200, { success: true, subscription: { status: 'active' }, plan: { id: plan } }),
    'GET /team': () => json(200, { success: true, data: team }),
    ...routes,
  });
  renderAt(<SettingsPage />, { path: '/dashboard/settings?tab=team', routePath: '/dashboard/settings' });
  return api;
}

describe('Settings → Team (issue 15)', () => {
  it('below Enterprise shows what a team adds and an upgrade hint, and never offers to create one', async () => {
    renderTeam('pro', null);
    expect(
      await screen.findByText('Teams are part of the Enterprise plan. Upgrade to use them.'),
    ).toBeInTheDocument();
    expect(screen.getByText(/5 users; each extra user is \$15 a month/)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Create team' })).not.toBeInTheDocument();
  });

  it('an owner sees members with roles, seats and pending invitations; invites, and sees the seat refusal', async () => {
    const api = renderTeam('enterprise', overview('owner'), {
      'POST /team/invitations': () =>
        json(409, { error: seatLimitMessage(seats), code: 'SEAT_LIMIT_REACHED' }),
      'GET /team/bookings': () => json(200, { success: true, data: [] }),
    });
    const members = await screen.findByRole('region', { name: /Members/ });
    expect(within(members).getByText('riley@example.com')).toBeInTheDocument();
    expect(within(members).getByRole('combobox', { name: 'Role of Riley Park' })).toHaveValue('member');
    expect(within(members).getByRole('button', { name: 'Remove' })).toBeInTheDocument();
    // The only owner is told why they cannot leave.
    expect(within(members).queryByRole('button', { name: 'Leave team' })).not.toBeInTheDocument();
    expect(screen.getByText('2 members + 1 invited')).toBeInTheDocument();
    expect(screen.getByText('$114/month')).toBeInTheDocument();
    const invitations = screen.getByRole('region', { name: /Pending invitations/ });
    expect(within(invitations).getByText('new@example.com')).toBeInTheDocument();

    await userEvent.type(screen.getByLabelText('E-mail'), 'sixth@example.com');
    await userEvent.click(screen.getByRole('button', { name: 'Send invitation' }));
    expect(await screen.findByText(seatLimitMessage(seats))).toBeInTheDocument();
    expect(api.callsTo('POST', '/team/invitations')[0]!.body).toEqual({
      email: 'sixth@example.com',
      role: 'member',
    });
  });

  it('a member sees the team and can leave, but gets no invite form, role choices or invitations', async () => {
    const api = renderTeam('basic', overview('member'), {
      'POST /team/leave': () => json(200, { success: true }),
    });
    const members = await screen.findByRole('region', { name: /Members/ });
    expect(screen.queryByRole('button', { name: 'Send invitation' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: /Pending invitations/ })).not.toBeInTheDocument();
    expect(within(members).queryByRole('combobox')).not.toBeInTheDocument();
    await userEvent.click(await within(members).findByRole('button', { name: 'Leave team' }));
    const dialog = await screen.findByRole('dialog');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Leave team' }));
    await waitFor(() => expect(api.callsTo('POST', '/team/leave')).toHaveLength(1));
  });
});

describe('Settings → Team: the team bookings (owners and admins)', () => {
  it("lists every member's bookings with the agent's name, and asks for one member's when one is chosen", async () => {
    const booking = {
      id: 'b1',
      status: 'confirmed',
      booking_date: '2030-01-09',
      booking_time: '10:00',
      client_name: 'Casey Buyer',
      agent_id: 'a2',
      agent_name: 'Riley Park',
    };
    const team = overview('admin');
    team.members[1]!.agentId = 'a2';
    const api = renderTeam('basic', team, {
      'GET /team/bookings': () => json(200, { success: true, data: [booking] }),
    });
    const list = await screen.findByRole('list', { name: 'Team bookings' });
    expect(within(list).getByText('Casey Buyer')).toBeInTheDocument();
    expect(within(list).getByText('with Riley Park')).toBeInTheDocument();
    expect(within(list).getByText(/10:00 AM/)).toBeInTheDocument();
    await userEvent.selectOptions(screen.getByLabelText('Member'), 'a2');
    await waitFor(() =>
      expect(api.calls.some((c) => c.path === '/team/bookings' && c.url.includes('member=a2'))).toBe(true),
    );
  });

  it('the consultation pool: my own switch (PUT /team/pool); an owner sees who is out of the pool', async () => {
    const api = renderTeam('enterprise', overview('owner'), {
      'PUT /team/pool': () => json(200, { success: true, data: { in_pool: false } }),
      'GET /team/bookings': () => json(200, { success: true, data: [] }),
    });
    const members = await screen.findByRole('region', { name: /Members/ });
    // Riley (no agent profile yet) is out of the pool: the owner sees it; Riley has no switch of mine.
    expect(within(members).getByText('Not in the pool')).toBeInTheDocument();
    const mine = await within(members).findByRole('checkbox', { name: 'Take team consultations' });
    expect(mine).toBeChecked();
    expect(within(members).getAllByRole('checkbox')).toHaveLength(1);
    await userEvent.click(mine);
    await waitFor(() => expect(api.callsTo('PUT', '/team/pool')).toHaveLength(1));
    expect(api.callsTo('PUT', '/team/pool')[0]!.body).toEqual({ in_pool: false });
  });
});

describe('Settings → Team: removing a member with future bookings (decision 026)', () => {
  it('shows how many and asks for a choice: reassign to a chosen member, or cancel', async () => {
    const team = overview('owner');
    team.members[1]!.futureBookings = 2;
    team.members[1]!.agentId = 'a2';
    const api = renderTeam('enterprise', team, {
      'GET /team/bookings': () => json(200, { success: true, data: [] }),
      'DELETE /team/members/m2': () => json(200, { success: true }),
    });
    const members = await screen.findByRole('region', { name: /Members/ });
    await userEvent.click(within(members).getByRole('button', { name: 'Remove' }));
    const dialog = await screen.findByRole('dialog', { name: 'Remove Riley Park?' });
    expect(within(dialog).getByText(/Riley Park has 2 future bookings/)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Remove' });
    // Reassign is the default and needs a member first.
    expect(confirm).toBeDisabled();
    await userEvent.selectOptions(within(dialog).getByLabelText('Reassign to'), 'a1');
    await userEvent.click(confirm);
    await waitFor(() => expect(api.callsTo('DELETE', '/team/members/m2')).toHaveLength(1));
    expect(api.callsTo('DELETE', '/team/members/m2')[0]!.url).toContain('bookings=reassign&reassign_to=a1');

    await userEvent.click(await within(members).findByRole('button', { name: 'Remove' }));
    const again = await screen.findByRole('dialog', { name: 'Remove Riley Park?' });
    await userEvent.click(within(again).getByLabelText(/Cancel them/));
    await userEvent.click(within(again).getByRole('button', { name: 'Remove' }));
    await waitFor(() => expect(api.callsTo('DELETE', '/team/members/m2')).toHaveLength(2));
    expect(api.callsTo('DELETE', '/team/members/m2')[1]!.url).toMatch(/\?bookings=cancel$/);
  });

  it('issue 29: creating a team chooses the place (an office needs its address) and the listings that come along', async () => {
    // What the listing choice reads of GET /properties: the id, the address and whether it is the team's.
    const listing = (id: number, address: string, team_id: string | null) => ({
      id,
      address,
      city: 'Austin',
      state: 'TX',
      team_id,
    });
    const api = renderTeam('enterprise', null, {
      'GET /properties': () =>
        json(200, {
          success: true,
          data: [
            listing(1, '1 Own Lane', null),
            listing(2, '2 Team Road', 't9'),
            listing(3, '3 Own Street', null),
          ],
        }),
      'POST /team': () => json(201, { success: true, data: overview('owner') }),
    });
    const user = userEvent.setup({ delay: null });
    await user.type(await screen.findByLabelText('Team name'), 'Stone Realty');
    // Only the agent's own listings outside a team are offered.
    expect(await screen.findByLabelText(/1 Own Lane/)).toBeInTheDocument();
    expect(screen.queryByLabelText(/2 Team Road/)).not.toBeInTheDocument();
    await user.click(screen.getByLabelText('At our office'));
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    expect(
      await screen.findByText('Enter the office address where the team meets buyers'),
    ).toBeInTheDocument();
    expect(api.callsTo('POST', '/team')).toHaveLength(0);
    await user.type(screen.getByLabelText('Office address'), '500 Congress Ave');
    await user.click(screen.getByLabelText(/3 Own Street/));
    await user.click(screen.getByRole('button', { name: 'Create team' }));
    await waitFor(() => expect(api.callsTo('POST', '/team')).toHaveLength(1));
    expect(api.callsTo('POST', '/team')[0]?.body).toMatchObject({
      name: 'Stone Realty',
      consultation_place: 'office',
      office_address: '500 Congress Ave',
      property_ids: [3],
    });
  });
});
