// Issue 46 "Audit log": the page lists entries newest first — the time on the agent's clock with the zone named,
// who, the IP, what, and before → after (a secret as "••••", a person's data as changed without its value); the
// filters ask the API again with the day's bounds on the agent's clock; "Download CSV" fetches the export with
// the same filters; Basic/Professional see the upgrade hint, a team's member the owners-and-admins note.
import { fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { AUDIT_TEXTS, type AuditEntry } from '@keyturn/domain/audit';
import { upgradeMessage } from '@keyturn/domain/planGates';
import { timeZoneLabel } from '@keyturn/domain/time';
import { startOfDayInZone } from '@keyturn/domain/zoneDays';
import { json, renderAt, signedInSessionRoutes, stubApi, TEST_AGENT_PROFILE } from '@/test/utils';
import { AuditLogPage } from './audit-log-page';

vi.mock('@/lib/download', () => ({ saveBlob: vi.fn() }));

const entry = (overrides: Partial<AuditEntry> = {}): AuditEntry => ({
  id: '12',
  at: '2031-03-08T18:05:00.000Z',
  agentId: 'agent-1',
  teamId: null,
  actor: { kind: 'agent', id: 'agent-1', label: 'dana@example.com' },
  ip: '203.0.113.7',
  action: 'changed',
  entityType: 'bookings',
  entityId: 'b-1',
  changes: {
    status: { before: 'pending', after: 'confirmed' },
    client_email: { before: { masked: 'personal' }, after: { masked: 'personal' } },
    manage_token: { before: null, after: '••••' },
  },
  ...overrides,
});

function render(routes: Parameters<typeof stubApi>[0]) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/profile': () =>
      json(200, { success: true, data: { ...TEST_AGENT_PROFILE, plan: 'enterprise' } }),
    ...routes,
  });
  renderAt(<AuditLogPage />, { path: '/dashboard/audit-log' });
  return { api, user: userEvent.setup({ delay: null }) };
}

// Midnight to the day's last millisecond in New York (2031-03-01T05:00Z … 2031-03-09T04:59:59.999Z), as the domain
// computes them (the same function the page must call with the agent's zone, not the browser's).
const FROM_NY = startOfDayInZone('2031-03-01', 'America/New_York').toISOString();
const TO_NY = new Date(startOfDayInZone('2031-03-09', 'America/New_York').getTime() - 1).toISOString();

describe('AuditLogPage', () => {
  it('shows each entry: time with the zone, who, IP, what, before → after with masks', async () => {
    render({
      'GET /audit-log': () =>
        json(200, {
          entries: [
            entry(),
            entry({
              id: '11',
              actor: { kind: 'buyer', id: null, label: null },
              ip: null,
              action: 'created',
              changes: {},
            }),
          ],
          nextCursor: null,
          window: { from: '2030-12-08T00:00:00.000Z', to: '2031-03-08T19:00:00.000Z' },
        }),
    });
    const table = await screen.findByRole('table');
    expect(screen.getByText(/^Times in Eastern Time \(New York\)/)).toBeInTheDocument();
    const rows = within(table).getAllByRole('row');
    expect(rows).toHaveLength(3);
    const first = within(rows[1]!);
    expect(first.getByText('2031-03-08 1:05 PM')).toBeInTheDocument();
    expect(first.getByText(AUDIT_TEXTS.actors.agent)).toBeInTheDocument();
    expect(first.getByText('dana@example.com')).toBeInTheDocument();
    expect(first.getByText('203.0.113.7')).toBeInTheDocument();
    expect(first.getByText(AUDIT_TEXTS.actions.changed)).toBeInTheDocument();
    expect(first.getByText(AUDIT_TEXTS.entities.bookings)).toBeInTheDocument();
    expect(first.getByText('b-1')).toBeInTheDocument();
    expect(first.getByText('pending')).toBeInTheDocument();
    expect(first.getByText('confirmed')).toBeInTheDocument();
    expect(first.getAllByText(AUDIT_TEXTS.masked)).toHaveLength(2);
    expect(first.getByText('••••')).toBeInTheDocument();
    const second = within(rows[2]!);
    expect(second.getByText(AUDIT_TEXTS.actors.buyer)).toBeInTheDocument();
    // No IP (a job) and no changed field both show a dash.
    expect(second.getAllByText(AUDIT_TEXTS.noIp)).toHaveLength(2);
  });

  it('filters by dates on the agent’s clock, who and what; downloads the CSV with the same filters', async () => {
    const { api, user } = render({
      'GET /audit-log': () =>
        json(200, { entries: [entry()], nextCursor: null, window: { from: 'x', to: 'y' } }),
      'GET /audit-log/export.csv': () => new Response('time,actor_kind\r\n', { status: 200 }),
    });
    await screen.findByRole('table');
    // The agent's zone (their profile) is what the days are read in: wait for the table to name it.
    await screen.findByText(AUDIT_TEXTS.zone(timeZoneLabel('America/New_York')));
    // A date input takes its value whole (typing it key by key passes through invalid dates).
    fireEvent.change(screen.getByLabelText(AUDIT_TEXTS.filters.from), { target: { value: '2031-03-01' } });
    fireEvent.change(screen.getByLabelText(AUDIT_TEXTS.filters.to), { target: { value: '2031-03-08' } });
    await user.selectOptions(screen.getByLabelText(AUDIT_TEXTS.filters.actor), 'seller');
    await user.selectOptions(
      screen.getByLabelText(AUDIT_TEXTS.filters.entityType),
      'seller_approval_requests',
    );
    await user.click(screen.getByRole('button', { name: AUDIT_TEXTS.filters.apply }));
    // Midnight to the day's last millisecond in New York (EST, UTC−5): the last call asked (the agent's zone may
    // arrive after the first render; the query follows it).
    await vi.waitFor(() => {
      const calls = api.callsTo('GET', '/audit-log');
      const asked = new URL(calls.at(-1)!.url, 'http://localhost').searchParams;
      expect(Object.fromEntries(asked)).toEqual({
        from: FROM_NY,
        to: TO_NY,
        actor: 'seller',
        entity_type: 'seller_approval_requests',
      });
    });
    await user.click(screen.getByRole('button', { name: AUDIT_TEXTS.download }));
    await vi.waitFor(() => expect(api.callsTo('GET', '/audit-log/export.csv')).toHaveLength(1));
    const exported = new URL(api.callsTo('GET', '/audit-log/export.csv')[0]!.url, 'http://localhost')
      .searchParams;
    expect(exported.get('actor')).toBe('seller');
    expect(exported.get('from')).toBe(FROM_NY);
  });

  it('Basic and Professional: the upgrade hint', async () => {
    render({
      'GET /audit-log': () =>
        json(403, { error: AUDIT_TEXTS.errors.planRequired, code: 'PLAN_UPGRADE_REQUIRED' }),
    });
    expect(await screen.findByText(upgradeMessage('auditLog'))).toBeInTheDocument();
    expect(screen.getByText(AUDIT_TEXTS.upgrade)).toBeInTheDocument();
    expect(screen.queryByRole('table')).toBeNull();
  });

  it('a team’s member: only owners and admins see the log', async () => {
    render({
      'GET /audit-log': () => json(403, { error: AUDIT_TEXTS.errors.forbidden, code: 'AUDIT_LOG_FORBIDDEN' }),
    });
    expect(await screen.findByText(AUDIT_TEXTS.membersOnly)).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: AUDIT_TEXTS.download })).toBeNull();
  });
});
