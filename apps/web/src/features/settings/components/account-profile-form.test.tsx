// Settings → Account after setup (issue 19): name, phone, username and time zone are editable; the form says
// what a new username or time zone changes before it is saved; the zone is shown as a name with its offset.
import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { PHONE_CHARACTERS_MESSAGE } from '@keyturn/domain/phone';
import { json, renderAt, signedInSessionRoutes, stubApi, TEST_AGENT_PROFILE } from '@/test/utils';
import { SettingsPage } from '../pages/settings-page';

function renderAccount() {
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /agents/profile': () => json(200, { success: true, data: TEST_AGENT_PROFILE }),
    'GET /payments/subscription': () =>
      json(200, { success: true, subscription: null, plan: { id: 'basic' } }),
    [`PUT /agents/${TEST_AGENT_PROFILE.id}`]: (call) =>
      json(200, { success: true, data: { ...TEST_AGENT_PROFILE, ...(call.body as object) } }),
  });
  renderAt(<SettingsPage />, { path: '/dashboard/settings?tab=account', routePath: '/dashboard/settings' });
  return { api, user: userEvent.setup({ delay: null }) };
}

describe('Settings → Account: your details (issue 19)', () => {
  it('edits name, phone, username and time zone, saying what changes before saving', async () => {
    const { api, user } = renderAccount();
    const first = await screen.findByLabelText('First name');
    expect(first).toHaveValue('Dana');
    const zone = screen.getByLabelText('Time zone');
    // A name with its offset, never the raw IANA id.
    expect(zone.querySelector('option:checked')?.textContent).toMatch(
      /^Eastern Time \(New York\) — GMT-[45]$/,
    );
    expect(screen.queryByRole('note', { name: 'What changes' })).not.toBeInTheDocument();

    await user.clear(first);
    await user.type(first, 'Danielle');
    await user.clear(screen.getByLabelText('Username'));
    await user.type(screen.getByLabelText('Username'), 'danielle-scully');
    await user.selectOptions(zone, 'America/Chicago');
    const note = screen.getByRole('note', { name: 'What changes' });
    expect(note).toHaveTextContent('/bookme/agent-1/danielle-scully');
    expect(note).toHaveTextContent('Links you already shared, with dana-scully, keep working');
    expect(note).toHaveTextContent('Bookings already made keep their moment');
    expect(note).toHaveTextContent(/Central Time \(Chicago\) — GMT-[56]/);

    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your account details are saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/agents/${TEST_AGENT_PROFILE.id}`)[0]?.body).toMatchObject({
      first_name: 'Danielle',
      last_name: 'Scully',
      username: 'danielle-scully',
      timeZone: 'America/Chicago',
      companyName: 'Scully Homes',
      primaryColor: TEST_AGENT_PROFILE.primaryColor,
    });
  });

  it("sets the booking pages' language for buyers whose browser asks for neither (issue 43)", async () => {
    const { api, user } = renderAccount();
    const language = await screen.findByLabelText("Booking pages' language");
    expect(language).toHaveValue('en');
    expect(screen.getByRole('option', { name: 'Español' })).toHaveAttribute('lang', 'es');
    await user.selectOptions(language, 'es');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText('Your account details are saved.')).toBeInTheDocument();
    expect(api.callsTo('PUT', `/agents/${TEST_AGENT_PROFILE.id}`)[0]?.body).toMatchObject({
      defaultLanguage: 'es',
    });
  });

  it('refuses letters in the phone and sends nothing', async () => {
    const { api, user } = renderAccount();
    const phone = await screen.findByLabelText('Phone');
    await user.clear(phone);
    await user.type(phone, 'call me');
    await user.click(screen.getByRole('button', { name: 'Save details' }));
    expect(await screen.findByText(PHONE_CHARACTERS_MESSAGE)).toBeInTheDocument();
    expect(api.callsTo('PUT', `/agents/${TEST_AGENT_PROFILE.id}`)).toHaveLength(0);
  });
});
