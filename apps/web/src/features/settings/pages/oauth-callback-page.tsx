// Where the calendar provider returns after the agent's consent (spec §2.1): the page finishes the connection
// through POST /api/integrations/{provider}/exchange {code, redirectUri, state} and says how it went, with a
// way back to Settings → Calendars.
import { useEffect, useRef, useState } from 'react';
import { Link, useSearchParams } from '@/lib/router';
import { CALENDAR_TEXTS, PROVIDER_NAMES, type Integration } from '@keyturn/domain/schemas/integrations';
import { CenteredPage } from '@/components/centered-page';
import { ErrorAlert } from '@/components/ui/alert';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { exchangeCode } from '../calendars-api';

type Outcome =
  { kind: 'working' } | { kind: 'done'; integration: Integration } | { kind: 'failed'; message: string };

export function OAuthCallbackPage({ provider }: { provider: 'google' | 'microsoft' }) {
  const name = PROVIDER_NAMES[provider];
  const [search] = useSearchParams();
  const [outcome, setOutcome] = useState<Outcome>({ kind: 'working' });
  const started = useRef(false);

  useEffect(() => {
    // One exchange per visit: a code works once, and React may run effects twice while developing.
    if (started.current) return;
    started.current = true;
    const code = search.get('code');
    const state = search.get('state');
    const denied = search.get('error_description') ?? search.get('error');
    if (denied || !code || !state) {
      setOutcome({
        kind: 'failed',
        message: denied ? `${name} said: ${denied}.` : 'The provider sent no authorization code.',
      });
      return;
    }
    const redirectUri = `${window.location.origin}/oauth/${provider}/callback`;
    exchangeCode(provider, { code, state, redirectUri }).then(
      (integration) => setOutcome({ kind: 'done', integration }),
      (error: Error) => setOutcome({ kind: 'failed', message: error.message }),
    );
  }, [name, provider, search]);

  return (
    <CenteredPage>
      <title>{`${name} · Keyturn`}</title>
      <PageHeader title={name} />
      <div className="mt-6 space-y-4" aria-live="polite">
        {outcome.kind === 'working' ? (
          <div className="flex items-center gap-3 text-slate-700">
            <Spinner /> Connecting your calendar…
          </div>
        ) : outcome.kind === 'done' ? (
          <div className="space-y-3">
            <p className="font-semibold text-emerald-700">{CALENDAR_TEXTS.connected}</p>
            <p className="text-sm text-slate-700">
              {outcome.integration.account_email ?? name}:{' '}
              {outcome.integration.calendars.map((c) => c.name).join(', ') || 'no calendars'}.
            </p>
          </div>
        ) : (
          <ErrorAlert>
            {CALENDAR_TEXTS.connectFailed} {outcome.message}
          </ErrorAlert>
        )}
        {outcome.kind !== 'working' ? (
          <Link
            to="/dashboard/settings?tab=calendars"
            className="inline-flex min-h-10 items-center rounded-lg bg-blue-600 px-4 text-sm font-semibold text-white hover:bg-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2"
          >
            Back to calendar settings
          </Link>
        ) : null}
      </div>
    </CenteredPage>
  );
}
