import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, stubApi } from '@/test/utils';
import { SESSION_TOKEN_KEY } from '@/lib/session-token';
import { SignInPage } from './sign-in-page';

async function signInWith(email: string, password: string) {
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
  await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
}

describe('sign-in form', () => {
  it('signs in, keeps the token from the body when no header is readable, and goes to /dashboard', async () => {
    const api = stubApi({
      'POST /auth/sign-in/email': () =>
        json(200, {
          token: 'body-token',
          user: { id: 'u1', name: 'Dana Scully', email: 'dana@example.com' },
        }),
    });
    const { router } = renderAt(<SignInPage />, { path: '/sign-in' });
    await signInWith('dana@example.com', 'correct-horse');

    await vi.waitFor(() => expect(router.state.location.pathname).toBe('/dashboard'));
    expect(api.callsTo('POST', '/auth/sign-in/email')[0]?.body).toEqual({
      email: 'dana@example.com',
      password: 'correct-horse',
    });
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBe('body-token');
  });

  it("shows the server's message for a wrong password and stays on the page", async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    const api = stubApi({
      'POST /auth/sign-in/email': () =>
        json(401, { error: 'Incorrect email or password.', code: 'INVALID_EMAIL_OR_PASSWORD' }),
    });
    const { router } = renderAt(<SignInPage />, { path: '/sign-in' });
    await signInWith('dana@example.com', 'wrong-password');

    expect(await screen.findByRole('alert')).toHaveTextContent('Incorrect email or password.');
    expect(router.state.location.pathname).toBe('/sign-in');
    // A 4xx answer is not retried.
    expect(api.callsTo('POST', '/auth/sign-in/email')).toHaveLength(1);
  });

  it('asks for both fields before sending anything', async () => {
    const { calls } = stubApi({});
    renderAt(<SignInPage />, { path: '/sign-in' });
    await userEvent.click(screen.getByRole('button', { name: 'Sign in' }));
    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    // Nothing but the question which providers are offered (issue 41).
    expect(calls.filter((c) => c.path !== '/auth/social/providers')).toHaveLength(0);
  });

  it('links to sign-up', () => {
    stubApi({});
    renderAt(<SignInPage />, { path: '/sign-in' });
    expect(screen.getByRole('link', { name: 'Create an account' })).toHaveAttribute('href', '/sign-up');
  });
});
