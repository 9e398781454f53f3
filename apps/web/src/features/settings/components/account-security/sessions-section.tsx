// Issue 41: Settings → Account's "Signed-in sessions" — each session's browser, IP address and when it
// signed in, "Sign out" for one, "Sign out everywhere else" for all but this one.
import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@/lib/router';
import { ACCOUNT_TEXTS } from '@keyturn/domain/accountTexts';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { endSession } from '@/lib/auth';
import { toast } from '@/lib/toast';
import { signOutOtherSessions, signOutSession } from '@/lib/account-security';
import { labelledTime, useAccountSecurity, useRefreshAccountSecurity } from './use-account-security';

export function SessionsSection() {
  const query = useAccountSecurity();
  const refresh = useRefreshAccountSecurity();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState<string | null>(null);
  const [failure, setFailure] = useState<string | null>(null);
  const sessions = query.data?.sessions ?? [];

  const run = async (key: string, action: () => Promise<string | null>) => {
    setBusy(key);
    setFailure(null);
    try {
      const message = await action();
      if (message) toast.success(message);
      await refresh();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : 'That did not work. Please try again.');
    } finally {
      setBusy(null);
    }
  };

  return (
    <section
      aria-labelledby="sessions-heading"
      className="rounded-xl border border-slate-200 bg-white p-5 shadow-sm"
    >
      <h2 id="sessions-heading" className="font-semibold text-slate-900">
        {ACCOUNT_TEXTS.sessionsTitle}
      </h2>
      <p className="mt-1 text-sm text-slate-600">{ACCOUNT_TEXTS.sessionsIntro}</p>
      {failure || query.error ? (
        <div className="mt-3">
          <ErrorAlert>{failure ?? query.error?.message}</ErrorAlert>
        </div>
      ) : null}
      <ul className="mt-4 divide-y divide-slate-100" data-testid="session-list">
        {sessions.map((s) => (
          <li key={s.id} className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
            <div className="min-w-0 text-sm">
              <p className="font-medium text-slate-900">
                {s.browser}
                {s.current ? (
                  <span className="ml-2 rounded-full bg-green-100 px-2 py-0.5 text-xs font-semibold text-green-800">
                    {ACCOUNT_TEXTS.sessionThisOne}
                  </span>
                ) : null}
              </p>
              <p className="text-slate-600">
                {s.ipAddress ?? ACCOUNT_TEXTS.sessionUnknownIp} ·{' '}
                {ACCOUNT_TEXTS.sessionStarted(labelledTime(s.createdAt))}
              </p>
            </div>
            <Button
              size="sm"
              variant="secondary"
              className="shrink-0 self-start sm:self-auto"
              disabled={busy !== null}
              onClick={() =>
                void run(s.id, async () => {
                  const { current } = await signOutSession(s.id);
                  if (current) {
                    await navigate('/sign-in', { replace: true });
                    await endSession(queryClient);
                    return null;
                  }
                  return ACCOUNT_TEXTS.sessionEnded;
                })
              }
            >
              {ACCOUNT_TEXTS.sessionSignOut}
            </Button>
          </li>
        ))}
      </ul>
      <Button
        size="sm"
        variant="secondary"
        className="mt-3"
        disabled={busy !== null || sessions.length < 2}
        onClick={() =>
          void run('others', async () => {
            const others = sessions.filter((s) => !s.current).length;
            await signOutOtherSessions();
            return ACCOUNT_TEXTS.sessionsOthersEnded(others);
          })
        }
      >
        {ACCOUNT_TEXTS.sessionsSignOutOthers}
      </Button>
    </section>
  );
}
