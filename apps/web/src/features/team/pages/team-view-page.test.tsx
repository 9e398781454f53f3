// The team view (issue 15, decision 026): the schedule side by side (a column per member, the server's
// wall-clock labels as they are), day and week, the member filter, reassigning in a keyboard-usable dialog
// (a clash shown, nothing closed), and no schedule for members.
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import type { TeamOverview } from '@keyturn/domain/schemas/team';
import type { TeamBooking } from '@keyturn/domain/schemas/teamBookings';
import { seatSummary } from '@keyturn/domain/teams';
import { PLANS } from '@keyturn/domain/plans';
import type { RecordedCall } from '@/test/utils';
import { json, renderAt, signedInSessionRoutes, SIGNED_IN_USER, stubApi } from '@/test/utils';
import { TeamViewPage } from './team-view-page';

function overview(role: TeamOverview['role']): TeamOverview {
  const member = (id: string, name: string, agentId: string, timeZone: string) => ({
    id,
    userId: id === 'm1' ? SIGNED_IN_USER.id : `u-${id}`,
    name,
    email: `${id}@example.com`,
    role: id === 'm1' ? role : ('member' as const),
    agentId,
    timeZone,
    joinedAt: '2030-01-01T00:00:00.000Z',
    futureBookings: null,
    inPool: true,
  });
  return {
    team: {
      id: 't1',
      name: 'Stone Realty',
      slug: 'stone',
      logo: null,
      color: '#10B981',
      consultation_place: 'remote',
      office_address: null,
      createdAt: '',
    },
    role,
    members: [
      member('m1', 'Dana Scully', 'a1', 'America/New_York'),
      member('m2', 'Riley Park', 'a2', 'America/Los_Angeles'),
    ],
    invitations: [],
    seats: seatSummary({ plan: PLANS.enterprise, extraSeats: 0, members: 2, pendingInvitations: 0 }),
    planIncludesTeams: true,
  };
}

/** A booking of Riley's on the asked date at 10:00 on Riley's clock — an instant that is 13:00 in New York. */
function rileysBooking(date: string): TeamBooking {
  return {
    id: 'b1',
    status: 'confirmed',
    booking_date: date,
    booking_time: '10:00',
    time_zone: 'America/Los_Angeles',
    starts_at: `${date}T18:00:00.000Z`,
    ends_at: `${date}T18:30:00.000Z`,
    property: null,
    property_address: '12 Elm Street',
    client_name: 'Casey Buyer',
    client_email: 'casey@example.com',
    client_phone: '+1 646 555 0199',
    buyer_type: 'first_time_buyer',
    budget_min: null,
    budget_max: null,
    income_range: null,
    booking_purpose: 'property_viewing',
    custom_purpose: null,
    message: null,
    reschedule_reason: null,
    cancel_reason: null,
    cancelled_by: null,
    rescheduled_from_id: null,
    buyer_confirmed_at: null,
    buyer_confirmed_via: null,
    sms_consent: false,
    buyer_agent: null,
    created_at: '2030-01-01T00:00:00.000Z',
    allowed_actions: ['cancel'],
    can_reschedule: true,
    agent_id: 'a2',
    agent_name: 'Riley Park',
  };
}

function renderTeamView(
  role: TeamOverview['role'],
  routes: Record<string, (call: RecordedCall) => Response> = {},
) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /team': () => json(200, { success: true, data: overview(role) }),
    'GET /team/bookings': (call) => {
      const date = new URL(call.url, 'http://localhost').searchParams.get('date');
      return json(200, { success: true, data: date ? [rileysBooking(date)] : [] });
    },
    ...routes,
  });
  renderAt(<TeamViewPage />, { path: '/dashboard/team' });
  return api;
}

const scheduleCalls = (api: ReturnType<typeof stubApi>) =>
  api
    .callsTo('GET', '/team/bookings')
    .map((c) => new URL(c.url, 'http://localhost').searchParams)
    .filter((q) => q.has('date'));

describe('team view (issue 15)', () => {
  it("shows each member's column with their zone and the booking at the server's label, for a day and a week", async () => {
    const api = renderTeamView('owner');
    const table = await screen.findByRole('table');
    const headers = within(table)
      .getAllByRole('columnheader')
      .map((h) => h.textContent);
    expect(headers[1]).toMatch(/^Dana Scully/);
    expect(headers[2]).toMatch(/^Riley Park.*Los Angeles/);
    // 10:00 on Riley's clock, as the server labels it (not 1:00 PM, the same instant in New York).
    const card = await within(table).findByText('Casey Buyer');
    const cell = card.closest('td')!;
    expect(within(cell).getByText('10:00 AM')).toBeInTheDocument();
    expect(cell.cellIndex).toBe(2);
    expect(within(table).getAllByRole('row')).toHaveLength(2);
    expect(scheduleCalls(api).at(-1)?.get('days')).toBe('1');

    await userEvent.click(screen.getByRole('button', { name: 'Week' }));
    expect(screen.getByRole('button', { name: 'Week' })).toHaveAttribute('aria-pressed', 'true');
    await waitFor(() => expect(within(screen.getByRole('table')).getAllByRole('row')).toHaveLength(8));
    expect(scheduleCalls(api).at(-1)?.get('days')).toBe('7');

    await userEvent.selectOptions(screen.getByLabelText('Show'), 'a2');
    await waitFor(() => expect(scheduleCalls(api).at(-1)?.get('member')).toBe('a2'));
    expect(within(screen.getByRole('table')).getAllByRole('columnheader')).toHaveLength(2);
  });

  it('reassigns a booking from a keyboard-usable dialog; a clash is shown and the dialog stays open', async () => {
    let answer: Response = json(409, {
      error: 'Some bookings cannot move to this member: they already have a booking at that time.',
      code: 'REASSIGN_CONFLICT',
      fields: { b1: 'Casey Buyer, 2030-01-09 13:00: Dana Scully already has a booking then.' },
    });
    const api = renderTeamView('admin', {
      'POST /team/bookings/b1/reassign': () => answer,
    });
    const open = await screen.findByRole('button', { name: 'Reassign Casey Buyer, 10:00 AM' });
    open.focus();
    await userEvent.keyboard('{Enter}');
    const dialog = await screen.findByRole('dialog', { name: 'Reassign Casey Buyer' });
    const confirm = within(dialog).getByRole('button', { name: 'Reassign' });
    expect(confirm).toBeDisabled();
    // Only the other members are offered.
    const select = within(dialog).getByLabelText('Reassign to');
    expect(
      within(select)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['Choose a member', 'Dana Scully']);
    await userEvent.selectOptions(select, 'a1');
    await userEvent.click(confirm);
    expect(await within(dialog).findByText(/already has a booking then/)).toBeInTheDocument();
    expect(api.callsTo('POST', '/team/bookings/b1/reassign')[0]!.body).toEqual({ member_id: 'a1' });

    answer = json(200, { success: true, data: { ...rileysBooking('2030-01-09'), agent_id: 'a1' } });
    await userEvent.click(confirm);
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(api.callsTo('POST', '/team/bookings/b1/reassign')).toHaveLength(2);
  });

  it('members get no schedule and the team bookings are not asked for', async () => {
    const api = renderTeamView('member');
    expect(await screen.findByText(/The team view is for the team’s owners and admins/)).toBeInTheDocument();
    expect(screen.queryByRole('table')).not.toBeInTheDocument();
    expect(api.callsTo('GET', '/team/bookings')).toHaveLength(0);
  });
});
