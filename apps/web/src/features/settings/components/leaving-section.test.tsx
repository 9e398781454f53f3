// Issue 41 "Leaving" on Settings → Account: Download my data fetches the caller's export (JSON, or a part as
// CSV); Delete account needs DELETE typed, shows the server's refusal (a team's last owner) as it comes and
// deletes nothing then; once deleted, the session ends and the page goes to /.
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { LEAVING_TEXTS } from '@keyturn/domain/leaving';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import type { RecordedCall } from '@/test/utils';
import { SESSION_TOKEN_KEY } from '@/lib/session-token';
import { LeavingSection } from './leaving-section';

function render(routes: Record<string, (call: RecordedCall) => Response>) {
  const api = stubApi({ ...signedInSessionRoutes(), ...routes });
  const rendered = renderAt(<LeavingSection />, { path: '/dashboard/settings' });
  return { api, ...rendered };
}

describe('Download my data', () => {
  it('asks the server for the JSON export, and for one part as CSV', async () => {
    URL.createObjectURL = vi.fn(() => 'blob:x');
    URL.revokeObjectURL = vi.fn();
    const { api } = render({
      'GET /account/export': () => json(200, { profile: {}, properties: [], bookings: [], leads: [] }),
    });
    await userEvent.click(screen.getByRole('button', { name: LEAVING_TEXTS.downloadJson }));
    await vi.waitFor(() => expect(api.callsTo('GET', '/account/export')).toHaveLength(1));
    await userEvent.click(screen.getByRole('button', { name: LEAVING_TEXTS.downloadCsv('bookings') }));
    await vi.waitFor(() => expect(api.callsTo('GET', '/account/export')).toHaveLength(2));
    const urls = api.callsTo('GET', '/account/export').map((c) => c.url);
    expect(urls[0]).toContain('format=json');
    expect(urls[1]).toContain('format=csv&part=bookings');
  });
});

describe('Delete account', () => {
  it("shows a team owner's refusal and stays signed in", async () => {
    const refusal = LEAVING_TEXTS.teamOwner('Lakeside Homes');
    const { api } = render({ 'DELETE /account': () => json(409, { error: refusal, code: 'TEAM_OWNER' }) });
    await userEvent.click(screen.getByRole('button', { name: LEAVING_TEXTS.deleteButton }));
    const dialog = screen.getByRole('dialog', { name: LEAVING_TEXTS.confirmTitle });
    const confirm = within(dialog).getByRole('button', { name: LEAVING_TEXTS.deleteButton });
    expect(confirm).toBeDisabled();
    await userEvent.type(within(dialog).getByLabelText(LEAVING_TEXTS.confirmLabel), 'DELETE');
    await userEvent.click(confirm);
    expect(await within(dialog).findByText(refusal)).toBeTruthy();
    expect(api.callsTo('DELETE', '/account')[0]?.body).toEqual({ confirm: 'DELETE' });
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).not.toBeNull();
  });

  it('deletes after DELETE is typed, then signs out and goes to /', async () => {
    const { api, router } = render({
      'DELETE /account': () => json(200, { success: true, cancelled: 2 }),
      'POST /auth/sign-out': () => json(200, { success: true }),
    });
    await userEvent.click(screen.getByRole('button', { name: LEAVING_TEXTS.deleteButton }));
    const dialog = screen.getByRole('dialog', { name: LEAVING_TEXTS.confirmTitle });
    await userEvent.type(within(dialog).getByLabelText(LEAVING_TEXTS.confirmLabel), 'DELETE');
    await userEvent.click(within(dialog).getByRole('button', { name: LEAVING_TEXTS.deleteButton }));
    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/'));
    expect(api.callsTo('DELETE', '/account')).toHaveLength(1);
    await vi.waitFor(() => expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBeNull());
  });
});
