import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { signUpSchema } from '@keyturn/domain/schemas/auth';
import { json, renderAt, stubApi } from '@/test/utils';
import { SESSION_TOKEN_KEY } from '@/lib/session-token';
import { SignUpPage } from './sign-up-page';

/** The message the shared schema gives for `password` on an otherwise valid form. */
function passwordMessage(password: string): string | undefined {
  const result = signUpSchema.safeParse({
    firstName: 'Dana',
    lastName: 'Scully',
    email: 'dana@example.com',
    password,
  });
  return result.error?.issues.find((issue) => issue.path[0] === 'password')?.message;
}

async function fillForm({ password = 'correct-horse', email = 'dana@example.com' } = {}) {
  await userEvent.type(screen.getByLabelText('First name'), 'Dana');
  await userEvent.type(screen.getByLabelText('Last name'), 'Scully');
  await userEvent.type(screen.getByLabelText('Email'), email);
  await userEvent.type(screen.getByLabelText('Password'), password);
}

describe('sign-up form', () => {
  it('shows each required-field message under its input and sends nothing', async () => {
    const { calls } = stubApi({});
    renderAt(<SignUpPage />, { path: '/sign-up' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText('First name is required')).toBeInTheDocument();
    expect(screen.getByText('Last name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByLabelText('First name')).toHaveAttribute('aria-invalid', 'true');
    expect(screen.getByLabelText('First name')).toHaveAccessibleDescription('First name is required');
    // Nothing but the question which providers are offered (issue 41).
    expect(calls.filter((c) => c.path !== '/auth/social/providers')).toHaveLength(0);
  });

  it('refuses a 7-character password with the schema message', async () => {
    const message = passwordMessage('1234567');
    expect(message).toBeDefined();
    const { calls } = stubApi({});
    renderAt(<SignUpPage />, { path: '/sign-up' });
    await fillForm({ password: '1234567' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByText(message ?? '')).toBeInTheDocument();
    expect(screen.getByLabelText('Password')).toHaveAttribute('aria-invalid', 'true');
    // Nothing but the question which providers are offered (issue 41).
    expect(calls.filter((c) => c.path !== '/auth/social/providers')).toHaveLength(0);
  });

  it('refuses a malformed e-mail address', async () => {
    stubApi({});
    renderAt(<SignUpPage />, { path: '/sign-up' });
    await fillForm({ email: 'dana@example' });
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByText('Please enter a valid email address')).toBeInTheDocument();
  });

  it('creates the account, stores the token from set-auth-token and goes to /profile', async () => {
    const api = stubApi({
      'POST /auth/sign-up/email': () =>
        json(
          200,
          { token: 'body-token', user: { id: 'u1', name: 'Dana Scully', email: 'dana@example.com' } },
          { 'set-auth-token': 'header-token' },
        ),
    });
    const { router } = renderAt(<SignUpPage />, { path: '/sign-up' });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByTestId('location')).toHaveTextContent('/profile');
    expect(router.state.location.pathname).toBe('/profile');
    expect(api.callsTo('POST', '/auth/sign-up/email')[0]?.body).toEqual({
      name: 'Dana Scully',
      firstName: 'Dana',
      lastName: 'Scully',
      email: 'dana@example.com',
      password: 'correct-horse',
    });
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBe('header-token');
  });

  it("shows the server's message and its field message when the e-mail is taken", async () => {
    stubApi({
      'POST /auth/sign-up/email': () =>
        json(422, {
          error: 'An account with this email already exists.',
          code: 'USER_ALREADY_EXISTS',
          fields: { email: 'This email is already registered.' },
        }),
    });
    renderAt(<SignUpPage />, { path: '/sign-up' });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('An account with this email already exists.');
    expect(screen.getByText('This email is already registered.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Create account' })).toBeEnabled();
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBeNull();
  });

  it('disables the submit button while the request is in flight', async () => {
    stubApi({ 'POST /auth/sign-up/email': () => new Promise<Response>(() => undefined) });
    renderAt(<SignUpPage />, { path: '/sign-up' });
    await fillForm();
    await userEvent.click(screen.getByRole('button', { name: 'Create account' }));
    expect(await screen.findByRole('button', { name: 'Creating account…' })).toBeDisabled();
  });

  it('links to sign-in', () => {
    stubApi({});
    renderAt(<SignUpPage />, { path: '/sign-up' });
    expect(screen.getByRole('link', { name: 'Sign in' })).toHaveAttribute('href', '/sign-in');
  });
});
