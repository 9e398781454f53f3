// Settings → Calendars (issue 14): without an OAuth app the tab says so plainly (no Connect button that
// fails); with one, Connect asks the server for the consent URL; a calendar's checkbox saves syncSettings.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import type { Integration } from '@keyturn/domain/schemas/integrations';
import { NOT_SWITCHED_ON } from '@keyturn/domain/schemas/serverSettings';
import { json, renderAt, signedInSessionRoutes, stubApi, TEST_AGENT_PROFILE } from '@/test/utils';
import type { RecordedCall } from '@/test/utils';
import { SettingsPage } from './settings-page';

type Routes = Record<string, (call: RecordedCall) => Response | Promise<Response>>;

const google: Integration = {
  id: 'int-1',
  provider: 'google',
  account_email: 'avery@gmail.test',
  label: null,
  status: 'connected',
  last_synced_at: '2030-01-07T15:00:00.000Z',
  last_error: null,
  busy_count: 3,
  calendars: [
    { id: 'cal-1', name: 'Avery', primary: true, busy: true, target: true, writable: true },
    { id: 'cal-2', name: 'Family', primary: false, busy: false, target: false, writable: false },
  ],
};

function listing(configured: boolean, data: Integration[] = []) {
  return {
    success: true,
    data,
    providers: { google: { configured }, microsoft: { configured } },
    redirect_uris: { google: 'x', microsoft: 'y' },
    needs_reconnect_count: data.filter((i) => i.status === 'needs_reconnect').length,
  };
}

function renderCalendars(routes: Routes) {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/profile': () => json(200, { success: true, data: TEST_AGENT_PROFILE }),
    'GET /integrations/feed': () =>
      json(200, { success: true, url: 'http://keyturn.test/api/calendar/feed/abc.ics' }),
    'GET /integrations/sync-settings': () =>
      json(200, {
        success: true,
        syncSettings: { busy_calendar_ids: ['cal-1'], target_calendar_id: 'cal-1', push_enabled: true },
      }),
    ...routes,
  });
  renderAt(<SettingsPage />, { path: '/dashboard/settings?tab=calendars', routePath: '/dashboard/settings' });
  return api;
}

describe('Settings → Calendars', () => {
  it('without an app configured: a plain sentence with no variable names, and no Connect button', async () => {
    renderCalendars({
      'GET /integrations/calendar': () => json(200, listing(false)),
      'GET /server-administrator': () => json(200, { success: true, administrator: false }),
    });
    const sentences = await screen.findAllByText(NOT_SWITCHED_ON.calendar);
    expect(sentences).toHaveLength(2);
    expect(document.body.textContent).not.toMatch(/GOOGLE_|MICROSOFT_|README/);
    expect(screen.queryByRole('button', { name: /Connect/ })).toBeNull();
    // An agent who is not the administrator gets no link to a page they may not open.
    expect(screen.queryByRole('link', { name: NOT_SWITCHED_ON.adminLink })).toBeNull();
  });

  it("the server's administrator gets the link to Server settings with the sentence", async () => {
    const api = renderCalendars({
      'GET /integrations/calendar': () => json(200, listing(false)),
      'GET /server-administrator': () => json(200, { success: true, administrator: true }),
    });
    const links = await screen.findAllByRole('link', { name: NOT_SWITCHED_ON.adminLink });
    expect(links).toHaveLength(2);
    expect(links[0]?.getAttribute('href')).toBe('/dashboard/server-settings');
    expect(api.callsTo('GET', '/server-administrator')).toHaveLength(1);
  });

  it('Connect Google asks the server for the consent URL and goes there', async () => {
    const assign = vi.fn();
    vi.stubGlobal('location', { ...window.location, assign });
    const api = renderCalendars({
      'GET /integrations/calendar': () => json(200, listing(true)),
      'GET /integrations/google/connect': () =>
        json(200, { success: true, url: 'http://127.0.0.1:9/consent' }),
    });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect Google' }));
    await vi.waitFor(() => expect(assign).toHaveBeenCalledWith('http://127.0.0.1:9/consent'));
    expect(api.callsTo('GET', '/integrations/google/connect')).toHaveLength(1);
    vi.unstubAllGlobals();
  });

  it('a connected account lists its calendars; ticking "blocks availability" saves syncSettings; a read-only calendar cannot receive showings', async () => {
    const api = renderCalendars({
      'GET /integrations/calendar': () => json(200, listing(true, [google])),
      'PUT /integrations/sync-settings': (call) =>
        json(200, { success: true, syncSettings: (call.body as { syncSettings: object }).syncSettings }),
    });
    const card = (await screen.findByText('avery@gmail.test')).closest('li')!;
    expect(within(card).getByText('Connected')).toBeTruthy();
    expect(
      (within(card).getByRole('checkbox', { name: 'Family receives new showings' }) as HTMLInputElement)
        .disabled,
    ).toBe(true);
    await userEvent.click(within(card).getByRole('checkbox', { name: 'Family blocks availability' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/integrations/sync-settings')).toHaveLength(1));
    expect(api.callsTo('PUT', '/integrations/sync-settings')[0]!.body).toEqual({
      syncSettings: {
        busy_calendar_ids: ['cal-1', 'cal-2'],
        target_calendar_id: 'cal-1',
        push_enabled: true,
      },
    });
  });
});
