// Issue 45: Settings → Notifications, "Texts to your own phone": the switch shows the agent's own answer for their
// own number with the consent's wording, and saves at once; without a number it says to add one in Profile.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AGENT_OWN_TEXTS as T, ownTextsNotSent } from '@keyturn/domain/listing/threads';
import { json, renderAt, stubApi } from '@/test/utils';
import { OwnTextsSetting } from './own-texts-setting';

function setup(phone: string | null, notSent: 'server' | 'plan' | 'setting' | null = null, on = false) {
  let consented = on;
  const view = () => ({
    phone,
    consented,
    consented_at: consented ? '2026-12-04T12:00:00.000Z' : null,
    not_sent: notSent,
  });
  const api = stubApi({
    'GET /notifications/own-texts': () => json(200, { success: true, data: view() }),
    'PUT /notifications/own-texts': (call) => {
      consented = (call.body as { consent: boolean }).consent;
      return json(200, { success: true, data: view() });
    },
  });
  renderAt(<OwnTextsSetting />, { path: '/dashboard/settings' });
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('OwnTextsSetting', () => {
  it('turns texts of new messages on for the agent’s own number, showing what they agree to', async () => {
    const { api, user } = setup('+16465550801');
    const toggle = await screen.findByRole('switch', { name: T.label });
    expect(toggle).not.toBeChecked();
    expect(screen.getByText(T.consent('+16465550801'))).toBeInTheDocument();
    await user.click(toggle);
    expect(api.callsTo('PUT', '/notifications/own-texts')[0]?.body).toEqual({ consent: true });
    expect(await screen.findByRole('switch', { name: T.label })).toBeChecked();
  });

  it('asks for a number in Profile when the agent has none', async () => {
    setup(null);
    expect(await screen.findByText(T.noPhone)).toBeInTheDocument();
    expect(screen.queryByRole('switch')).toBeNull();
  });

  it.each(['server', 'plan', 'setting'] as const)(
    'texts that would not go out (%s) are not offered: it says why and who can switch them on',
    async (reason) => {
      setup('+16465550801', reason);
      expect(await screen.findByText(ownTextsNotSent(reason))).toBeInTheDocument();
      expect(screen.queryByRole('switch')).toBeNull();
      expect(ownTextsNotSent('server')).toMatch(/administrator can set them up on Server settings/);
      expect(ownTextsNotSent('plan')).toMatch(/Professional and Enterprise plans/);
    },
  );

  it('an agent who agreed before the texts stopped can still switch them off, and is told why none come', async () => {
    const { api, user } = setup('+16465550801', 'setting', true);
    const toggle = await screen.findByRole('switch', { name: T.label });
    expect(toggle).toBeChecked();
    expect(screen.getByText(ownTextsNotSent('setting'))).toBeInTheDocument();
    await user.click(toggle);
    expect(api.callsTo('PUT', '/notifications/own-texts')[0]?.body).toEqual({ consent: false });
  });
});
