import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, signedInSessionRoutes, stubApi } from '@/test/utils';
import { resetAuthProfileDedupe } from '@/lib/auth-profile';
import { UserProfilePage } from './user-profile-page';

describe('user profile (/user-profile)', () => {
  it('offers a sign-in link to a signed-out visitor', async () => {
    stubApi({});
    renderAt(<UserProfilePage />, { path: '/user-profile' });
    expect(await screen.findByText(/You are not signed in/)).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });

  it('shows the name and e-mail and saves a new name with PUT /api/auth/profile', async () => {
    resetAuthProfileDedupe();
    let profile = {
      id: 'user-1',
      firstName: 'Dana',
      lastName: 'Scully',
      emailAddresses: [{ emailAddress: 'dana@example.com' }],
      imageUrl: null,
    };
    const api = stubApi({
      ...signedInSessionRoutes(),
      'GET /auth/profile': () => json(200, profile),
      'PUT /auth/profile': (call) => {
        profile = { ...profile, ...(call.body as object) };
        return json(200, profile);
      },
    });
    renderAt(<UserProfilePage />, { path: '/user-profile' });
    expect(await screen.findByText('dana@example.com')).toBeInTheDocument();
    expect(screen.getByText('Dana Scully')).toBeInTheDocument();

    const first = screen.getByLabelText('First name');
    await userEvent.clear(first);
    await userEvent.type(first, 'Fox');
    await userEvent.click(screen.getByRole('button', { name: 'Save name' }));

    await vi.waitFor(() => expect(screen.getByText('Fox Scully')).toBeInTheDocument());
    expect(api.callsTo('PUT', '/auth/profile')[0]?.body).toEqual({ firstName: 'Fox', lastName: 'Scully' });
  });
});
