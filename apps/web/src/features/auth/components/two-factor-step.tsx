// Issue 41: the second step of a sign-in with two-factor — a 6-digit code from the authenticator app, or one of
// the recovery codes (each works once). A spent or timed-out challenge sends the visitor back to the password.
import { useState } from 'react';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { ApiError } from '@/lib/api';
import type { SessionUser } from '@/lib/auth';
import { verifySignInCode } from '@/lib/account-security';
import { AuthCard, textLink } from './auth-card';

export function TwoFactorStep({
  onSignedIn,
  onRestart,
}: {
  onSignedIn: (session: { token: string; user: SessionUser }) => Promise<void>;
  onRestart: (message: string) => void;
}) {
  const [kind, setKind] = useState<'totp' | 'recovery'>('totp');
  const [code, setCode] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  const submit = async () => {
    setBusy(true);
    setError(null);
    try {
      await onSignedIn(await verifySignInCode(kind, code.trim()));
    } catch (failure) {
      setBusy(false);
      if (failure instanceof ApiError && failure.code === 'TWO_FACTOR_EXPIRED') {
        onRestart(failure.message);
        return;
      }
      setError(failure instanceof Error ? failure.message : ACCOUNT_TEXTS.twoFactorCodeWrong);
    }
  };

  return (
    <AuthCard
      title={ACCOUNT_TEXTS.twoFactorSignInTitle}
      intro={ACCOUNT_TEXTS.twoFactorSignInIntro}
      footer={
        <button
          type="button"
          className={textLink}
          onClick={() => {
            setKind(kind === 'totp' ? 'recovery' : 'totp');
            setCode('');
            setError(null);
          }}
        >
          {kind === 'totp' ? ACCOUNT_TEXTS.twoFactorUseRecovery : ACCOUNT_TEXTS.twoFactorUseApp}
        </button>
      }
    >
      <form
        noValidate
        className="space-y-5"
        onSubmit={(event) => {
          event.preventDefault();
          void submit();
        }}
      >
        <TextField
          label={kind === 'totp' ? ACCOUNT_TEXTS.twoFactorCodeLabel : ACCOUNT_TEXTS.twoFactorRecoveryLabel}
          autoComplete="one-time-code"
          inputMode={kind === 'totp' ? 'numeric' : 'text'}
          autoCapitalize="none"
          spellCheck={false}
          autoFocus
          value={code}
          error={error ?? undefined}
          onChange={(event) => setCode(event.target.value)}
        />
        <Button type="submit" fullWidth disabled={busy || code.trim() === ''}>
          {busy ? 'Signing in…' : ACCOUNT_TEXTS.twoFactorVerify}
        </Button>
      </form>
    </AuthCard>
  );
}
