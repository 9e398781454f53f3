import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { json, renderAt, SIGNED_IN_USER, stubApi } from '@/test/utils';
import { setSessionToken } from '@/lib/session-token';
import { VerifyEmailBanner } from './verify-email-banner';

const unverified = { ...SIGNED_IN_USER, emailVerified: false };

function signedInUnverified(sends: boolean) {
  setSessionToken('token-123');
  return stubApi({
    'GET /auth/get-session': () => json(200, { session: { id: 's1' }, user: unverified }),
    'GET /auth/email-delivery': () => json(200, { sends }),
    'POST /auth/send-verification-email': () => json(200, { status: true }),
  });
}

describe('the verification banner says how the link travelled (issue 39, the operator of a new server)', () => {
  it('on a server that sends e-mail: "we sent a link"; Send again says a new one was sent', async () => {
    signedInUnverified(true);
    renderAt(<VerifyEmailBanner />, { path: '/dashboard' });
    expect(await screen.findByText(ACCOUNT_TEXTS.verifyBanner(unverified.email))).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: ACCOUNT_TEXTS.sendAgain }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      ACCOUNT_TEXTS.verificationSent(unverified.email),
    );
  });

  it('on a server without a mail server: never "we sent"; the link was kept and who finds it', async () => {
    const { callsTo } = signedInUnverified(false);
    renderAt(<VerifyEmailBanner />, { path: '/dashboard' });
    expect(await screen.findByText(ACCOUNT_TEXTS.verifyBannerKept(unverified.email))).toBeInTheDocument();
    expect(screen.queryByText(/we sent/i)).toBeNull();
    await userEvent.click(screen.getByRole('button', { name: ACCOUNT_TEXTS.sendAgain }));
    expect(await screen.findByRole('status')).toHaveTextContent(
      ACCOUNT_TEXTS.verificationKept(unverified.email),
    );
    expect(callsTo('POST', '/auth/send-verification-email')).toHaveLength(1);
  });

  it('a verified address: no banner, and the delivery is not asked', async () => {
    setSessionToken('token-123');
    const { callsTo } = stubApi({
      'GET /auth/get-session': () =>
        json(200, { session: { id: 's1' }, user: { ...SIGNED_IN_USER, emailVerified: true } }),
    });
    renderAt(<VerifyEmailBanner />, { path: '/dashboard' });
    await vi.waitFor(() => expect(callsTo('GET', '/auth/get-session')).toHaveLength(1));
    await new Promise((resolve) => setTimeout(resolve, 0));
    expect(screen.queryByTestId('verify-email-banner')).toBeNull();
    expect(callsTo('GET', '/auth/email-delivery')).toHaveLength(0);
  });
});
