// Issue 41: Settings → Account's two-factor sign-in — the password, then the key for an authenticator app and
// a code from it to confirm; the recovery codes are shown once. Turning it on signs out every other session.
import { useState } from 'react';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { toast } from '@/lib/toast';
import { confirmTwoFactor, startTwoFactor, turnOffTwoFactor } from '@/lib/account-security';
import { useAccountSecurity, useRefreshAccountSecurity } from './use-account-security';

type Setup = { uri: string; secret: string; codes: string[] };

export function TwoFactorSection() {
  const query = useAccountSecurity();
  const refresh = useRefreshAccountSecurity();
  const [password, setPassword] = useState('');
  const [code, setCode] = useState('');
  const [setup, setSetup] = useState<Setup | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const enabled = query.data?.twoFactorEnabled ?? false;

  const act = async (action: () => Promise<void>) => {
    setBusy(true);
    setFailure(null);
    try {
      await action();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'That did not work. Please try again.');
    } finally {
      setBusy(false);
    }
  };

  const start = () =>
    act(async () => {
      const { totpURI, backupCodes } = await startTwoFactor(password);
      setSetup({
        uri: totpURI,
        secret: new URL(totpURI).searchParams.get('secret') ?? '',
        codes: backupCodes,
      });
      setPassword('');
    });
  const confirm = () =>
    act(async () => {
      await confirmTwoFactor(code.trim());
      setSetup(null);
      setCode('');
      toast.success(ACCOUNT_TEXTS.twoFactorEnabled);
      await refresh();
    });
  const turnOff = () =>
    act(async () => {
      await turnOffTwoFactor(password);
      setPassword('');
      toast.success(ACCOUNT_TEXTS.twoFactorDisabled);
      await refresh();
    });

  return (
    <section
      aria-labelledby="two-factor-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="two-factor-heading" className="font-semibold text-slate-900">
        {ACCOUNT_TEXTS.twoFactorTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600" data-testid="two-factor-state">
        {enabled ? ACCOUNT_TEXTS.twoFactorOn : ACCOUNT_TEXTS.twoFactorOff}
      </p>
      <div className="mt-4 max-w-md space-y-4">
        {failure ? <ErrorAlert>{failure}</ErrorAlert> : null}
        {setup ? (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              void confirm();
            }}
          >
            <p className="text-sm text-slate-700">{ACCOUNT_TEXTS.twoFactorScan}</p>
            <p className="break-all rounded-lg bg-slate-50 p-3 font-mono text-sm text-slate-900">
              <a href={setup.uri} className="underline" data-testid="totp-secret">
                {setup.secret}
              </a>
            </p>
            <p className="text-sm text-slate-700">{ACCOUNT_TEXTS.twoFactorRecoveryCodes}</p>
            <ul
              className="grid grid-cols-2 gap-1 rounded-lg bg-slate-50 p-3 font-mono text-sm"
              data-testid="recovery-codes"
            >
              {setup.codes.map((c) => (
                <li key={c}>{c}</li>
              ))}
            </ul>
            <TextField
              label={ACCOUNT_TEXTS.twoFactorCodeLabel}
              autoComplete="one-time-code"
              inputMode="numeric"
              value={code}
              onChange={(event) => setCode(event.target.value)}
            />
            <Button type="submit" size="sm" disabled={busy || code.trim() === ''}>
              {ACCOUNT_TEXTS.twoFactorConfirm}
            </Button>
          </form>
        ) : (
          <form
            noValidate
            className="space-y-4"
            onSubmit={(event) => {
              event.preventDefault();
              void (enabled ? turnOff() : start());
            }}
          >
            <TextField
              label={ACCOUNT_TEXTS.twoFactorPasswordLabel}
              type="password"
              autoComplete="current-password"
              value={password}
              onChange={(event) => setPassword(event.target.value)}
            />
            <Button
              type="submit"
              size="sm"
              variant={enabled ? 'secondary' : 'primary'}
              disabled={busy || password === '' || query.isPending}
            >
              {enabled ? ACCOUNT_TEXTS.twoFactorDisable : ACCOUNT_TEXTS.twoFactorStart}
            </Button>
          </form>
        )}
      </div>
    </section>
  );
}
