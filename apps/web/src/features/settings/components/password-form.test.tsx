import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { MESSAGES } from '@keyturn/domain/messages';
import { SESSION_TOKEN_KEY } from '@/lib/session-token';
import { json, renderAt, stubApi } from '@/test/utils';
import { PasswordForm } from './password-form';

async function fill(current: string, next: string, confirm: string) {
  if (current) await userEvent.type(screen.getByLabelText('Current password'), current);
  if (next) await userEvent.type(screen.getByLabelText('New password'), next);
  if (confirm) await userEvent.type(screen.getByLabelText('Confirm new password'), confirm);
  await userEvent.click(screen.getByRole('button', { name: 'Change password' }));
}

describe('change password form', () => {
  it('checks the fields before sending: required, length, the two new ones match', async () => {
    const api = stubApi({});
    renderAt(<PasswordForm />);
    await fill('', 'short', 'other');
    expect(await screen.findByText(MESSAGES.currentPasswordRequired)).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 8 characters')).toBeInTheDocument();
    expect(screen.getByText(MESSAGES.passwordsDoNotMatch)).toBeInTheDocument();
    expect(screen.getByLabelText('Confirm new password')).toHaveAttribute('aria-invalid', 'true');
    expect(api.callsTo('POST', '/auth/change-password')).toHaveLength(0);
  });

  it('sends current and new password, keeps the fresh session token, and says other devices are signed out', async () => {
    window.localStorage.setItem(SESSION_TOKEN_KEY, 'old-token');
    const api = stubApi({
      'POST /auth/change-password': () => json(200, { token: 'fresh-token', user: { id: 'u1' } }),
    });
    renderAt(<PasswordForm />);
    await fill('correct-horse-9', 'showings-2026', 'showings-2026');
    await vi.waitFor(() => expect(api.callsTo('POST', '/auth/change-password')).toHaveLength(1));
    expect(api.callsTo('POST', '/auth/change-password')[0]?.body).toEqual({
      currentPassword: 'correct-horse-9',
      newPassword: 'showings-2026',
    });
    expect(await screen.findByText(MESSAGES.passwordChanged)).toBeInTheDocument();
    expect(window.localStorage.getItem(SESSION_TOKEN_KEY)).toBe('fresh-token');
    expect(screen.getByLabelText('Current password')).toHaveValue('');
  });

  it("shows the server's messages under the fields (a common password, a wrong current one)", async () => {
    stubApi({
      'POST /auth/change-password': () =>
        json(400, {
          error: MESSAGES.passwordTooCommon,
          code: 'VALIDATION_ERROR',
          fields: { newPassword: MESSAGES.passwordTooCommon },
        }),
    });
    renderAt(<PasswordForm />);
    await fill('correct-horse-9', '12345678', '12345678');
    expect(await screen.findByText(MESSAGES.passwordTooCommon)).toBeInTheDocument();
    expect(screen.getByLabelText('New password')).toHaveAttribute('aria-invalid', 'true');
  });
});
