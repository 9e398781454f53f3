import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { suggestUsername } from '@keyturn/domain/schemas/agent';
import type { RecordedCall } from '@/test/utils';
import { json, renderAt, signedInSessionRoutes, stubApi, TEST_AGENT_PROFILE } from '@/test/utils';
import { resetAuthProfileDedupe } from '@/lib/auth-profile';
import { browserTimeZone } from '@/lib/time-zones';
import { ProfileSetupPage } from './profile-setup-page';

const authProfile = {
  id: 'user-1',
  firstName: 'Dana',
  lastName: 'Scully',
  emailAddresses: [{ emailAddress: 'dana@example.com' }],
  imageUrl: null,
};

const savedProfile = {
  ...TEST_AGENT_PROFILE,
  primaryColor: '#10B981',
  timeZone: 'Europe/Berlin',
  username: 'dana-homes',
};

type Routes = Record<string, (call: RecordedCall) => Response | Promise<Response>>;

function renderProfile(routes: Routes) {
  resetAuthProfileDedupe();
  const api = stubApi({
    ...signedInSessionRoutes(),
    'GET /auth/profile': () => json(200, authProfile),
    ...routes,
  });
  const rendered = renderAt(<ProfileSetupPage />, { path: '/profile' });
  return { ...rendered, api };
}

const notFound = () => json(404, { error: 'No agent profile yet.', code: 'NOT_FOUND' });

describe('profile setup (/profile) without a profile', () => {
  it('prefills the names from the account and suggests a username from them', async () => {
    renderProfile({ 'GET /agents/profile': notFound });
    expect(await screen.findByLabelText('First name')).toHaveValue('Dana');
    expect(screen.getByLabelText('Last name')).toHaveValue('Scully');
    expect(screen.getByLabelText('Username')).toHaveValue(suggestUsername('Dana', 'Scully'));
    expect(screen.getByLabelText('Time zone')).toHaveValue(browserTimeZone());
    expect(screen.getByLabelText('Primary colour')).toHaveValue(DEFAULT_PRIMARY_COLOR);
  });

  it('keeps the suggestion in step with the name until the agent types a username', async () => {
    renderProfile({ 'GET /agents/profile': notFound });
    const first = await screen.findByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Fox');
    expect(screen.getByLabelText('Username')).toHaveValue(suggestUsername('Fox', 'Scully'));

    const username = screen.getByLabelText('Username');
    await userEvent.clear(username);
    await userEvent.type(username, 'my-own-name');
    await userEvent.type(first, 'y');
    expect(username).toHaveValue('my-own-name');
  });

  it('creates the profile with POST /api/agents and opens the dashboard', async () => {
    const { api, router } = renderProfile({
      'GET /agents/profile': notFound,
      'POST /agents': () => json(201, { success: true, data: { ...savedProfile, username: 'dana-scully' } }),
    });
    await userEvent.type(await screen.findByLabelText('Phone'), '+1 555 010 0100');
    await userEvent.type(screen.getByLabelText('Company name'), 'Scully Homes');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST', '/agents')[0]?.body).toEqual({
      first_name: 'Dana',
      last_name: 'Scully',
      phone: '+1 555 010 0100',
      companyName: 'Scully Homes',
      username: suggestUsername('Dana', 'Scully'),
      timeZone: browserTimeZone(),
      primaryColor: DEFAULT_PRIMARY_COLOR,
    });
  });

  it('shows a taken username (409 USERNAME_TAKEN) under the username field', async () => {
    const { router } = renderProfile({
      'GET /agents/profile': notFound,
      'POST /agents': () =>
        json(409, {
          error: 'That username is taken.',
          code: 'USERNAME_TAKEN',
          fields: { username: 'This username is already taken.' },
        }),
    });
    await userEvent.type(await screen.findByLabelText('Phone'), '+1 555 010 0100');
    await userEvent.click(screen.getByRole('button', { name: 'Save and continue' }));

    expect(await screen.findByText('This username is already taken.')).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveAccessibleDescription('This username is already taken.');
    expect(router.state.location.pathname).toBe('/profile');
  });

  it('validates with the shared schema before sending', async () => {
    const { api } = renderProfile({ 'GET /agents/profile': notFound });
    await userEvent.click(await screen.findByRole('button', { name: 'Save and continue' }));
    expect(await screen.findByText('Phone number is required')).toBeInTheDocument();
    expect(api.callsTo('POST', '/agents')).toHaveLength(0);
    // No image changed: nothing goes to the branding.
    expect(api.callsTo('PUT', '/agents/branding')).toHaveLength(0);
  });
});

describe('profile setup (/profile) with a profile', () => {
  it('prefills the saved profile and saves it with PUT /api/agents/{id}', async () => {
    const { api, router } = renderProfile({
      'GET /agents/profile': () => json(200, { success: true, data: savedProfile }),
      'PUT /agents/agent-1': () =>
        json(200, { success: true, data: { ...savedProfile, companyName: 'Scully & Co' } }),
    });
    expect(await screen.findByRole('heading', { name: 'Your agent profile' })).toBeInTheDocument();
    expect(screen.getByLabelText('Username')).toHaveValue('dana-homes');
    expect(screen.getByLabelText('Time zone')).toHaveValue('Europe/Berlin');
    expect(screen.getByLabelText('Primary colour')).toHaveValue('#10B981');

    const company = screen.getByLabelText('Company name');
    await userEvent.clear(company);
    await userEvent.type(company, 'Scully & Co');
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('PUT', '/agents/agent-1')[0]?.body).toMatchObject({
      username: 'dana-homes',
      companyName: 'Scully & Co',
      primaryColor: '#10B981',
    });
    expect(api.callsTo('POST', '/agents')).toHaveLength(0);
    // No image changed: nothing goes to the branding.
    expect(api.callsTo('PUT', '/agents/branding')).toHaveLength(0);
  });

  it('uploads a logo and a picture, and saves them with PUT /api/agents/branding after the profile', async () => {
    let upload = 0;
    const { api, router } = renderProfile({
      'GET /agents/profile': () =>
        json(200, {
          success: true,
          data: { ...savedProfile, profilePictureUrl: 'https://img.example/old.jpg' },
        }),
      'POST /uploads': () => {
        upload += 1;
        return json(201, { success: true, url: `/uploads/image-${upload}.png`, width: 400, height: 400 });
      },
      'PUT /agents/agent-1': () => json(200, { success: true, data: savedProfile }),
      'PUT /agents/branding': (call) => json(200, { success: true, data: call.body }),
    });
    await userEvent.upload(
      await screen.findByLabelText('Upload logo'),
      new File(['l'], 'logo.png', { type: 'image/png' }),
    );
    expect(await screen.findByRole('img', { name: 'Logo preview' })).toHaveAttribute(
      'src',
      expect.stringMatching(/\/uploads\/image-1\.png$/),
    );
    await userEvent.click(screen.getByRole('button', { name: 'Remove profile picture' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save profile' }));

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    const uploadCall = api.fetchMock.mock.calls.find(([url]) => String(url).includes('/uploads'));
    expect(String(uploadCall?.[0])).toContain('/api/uploads?kind=logo');
    expect(api.callsTo('PUT', '/agents/branding')[0]?.body).toEqual({
      companyName: 'Scully Homes',
      primaryColor: '#10B981',
      logoUrl: '/uploads/image-1.png',
      profilePictureUrl: null,
    });
    // The profile first, then its images.
    const order = api.calls.map((c) => `${c.method} ${c.path}`);
    expect(order.indexOf('PUT /agents/agent-1')).toBeLessThan(order.indexOf('PUT /agents/branding'));
  });
});
