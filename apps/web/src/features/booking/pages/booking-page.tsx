// The public booking page (spec §2.4) under every address of §2.1: /bookme/:agentId/:agentName,
// /bookme/:agentId, /bookme?agent=, /booking/:linkId, /:username/:address/:propertyId/book, and in
// reschedule mode /booking/reschedule?token=; embedded in another site's frame on /embed/… (decision 057).
import { lazy, Suspense, useEffect } from 'react';
import { useLocation, useNavigate, useParams, useSearchParams } from '@/lib/router';
import type { Params } from '@/lib/router';
import { agentBookingPath } from '@keyturn/domain/links';
import { useT } from '@/lib/i18n';
import { SpinnerCircle } from '@/components/ui/spinner';
import { BookingFlow } from '../components/booking-flow';
import { MessageScreen } from '../components/message-screen';
import { brandStyle } from '../format';
import { BookingSetupContext, useBookingSetup } from '../hooks/use-booking-setup';
import type { BookingSetup } from '../hooks/use-booking-setup';
import { useMounted } from '@/lib/use-mounted';
import { preloadFirstSteps } from '../components/lazy-steps';
import { LazyPublicDocuments } from '@/components/documents/lazy-documents';
import { BOOKING } from '../texts';
import { LocaleProvider } from '@/lib/locale';

// The booking assistant's button (issue 17): its own chunk, so the page's first load does not grow.
const AssistantLauncher = lazy(() =>
  import('../components/assistant-launcher').then((m) => ({ default: m.AssistantLauncher })),
);

// The embedded page's messages to the host page (decision 057): its own chunk, only on the embed addresses.
const EmbedBridge = lazy(() =>
  import('../components/embed-bridge').then((m) => ({ default: m.EmbedBridge })),
);

/**
 * The page for the router, in the browser once the step its address opens on (?date=, ?step=) is loaded too, so
 * a page the server rendered on that step is hydrated in place (decision 078); the server (no location) loads
 * that step per request itself (entry-server.tsx).
 */
export const loadBookingPage = () => preloadFirstSteps(globalThis.location?.search).then(() => BookingPage);

/** @param embedded on /embed/…: in another site's frame, with the bridge to it instead of the assistant. */
function BookingPageInLocale({
  mode = 'book',
  embedded = false,
}: {
  mode?: 'book' | 'reschedule';
  embedded?: boolean;
}) {
  const state = useBookingSetup(mode);
  const t = useT(BOOKING);
  const location = useLocation();
  const [search] = useSearchParams();
  const params = useParams();
  const navigate = useNavigate();
  // The assistant's chunk loads after the first render: the server renders the first screen without it.
  const mounted = useMounted();
  // A link with a username the agent no longer uses (issue 19) still opens the page, which moves to the
  // current name: /old-name/… → /new-name/…, /bookme/:id/old-name → /bookme/:id/new-name, query kept.
  const canonical = state.status === 'ready' ? canonicalPath(params, state.setup) : null;
  useEffect(() => {
    if (canonical && canonical !== location.pathname)
      void navigate(
        { pathname: canonical, search: location.search },
        { replace: true, state: location.state },
      );
  }, [canonical, location.pathname, location.search, location.state, navigate]);

  switch (state.status) {
    case 'loading':
      return (
        <div
          role="status"
          className="flex min-h-screen flex-col items-center justify-center gap-3 text-slate-500"
        >
          <title>{t('pageTitle')}</title>
          <SpinnerCircle />
          <p className="text-sm">{t('loading')}</p>
        </div>
      );
    case 'property-not-found':
      return <MessageScreen title={t('noPropertyTitle')}>{t('noPropertyBody')}</MessageScreen>;
    case 'link-not-found':
      return <MessageScreen title={t('noLinkTitle')}>{t('noLinkBody')}</MessageScreen>;
    case 'changes-closed':
      return <MessageScreen title={t('closedTitle')}>{state.message}</MessageScreen>;
    case 'no-agent':
      return state.reschedule ? (
        <MessageScreen title={t('badRescheduleTitle')}>{t('badRescheduleBody')}</MessageScreen>
      ) : (
        <MessageScreen title={t('noAgentTitle')}>{t('noAgentBody')}</MessageScreen>
      );
    case 'ready': {
      const { setup } = state;
      // One flow per page: its agent, property, link and token — not the path, whose username may move to
      // the current one, nor the flow's own parameters, which change as the buyer moves.
      const flowKey = [
        mode,
        setup.agentId ?? '',
        setup.propertyId ?? '',
        params.linkId ?? '',
        search.get('token') ?? '',
      ].join('|');
      return (
        <div
          style={brandStyle(setup.agent.primaryColor)}
          className="min-h-screen bg-slate-50 px-3 py-4 sm:px-6 md:py-10"
        >
          <title>{t('bookWith', { name: setup.agent.name })}</title>
          <BookingSetupContext value={setup}>
            <BookingFlow key={flowKey} flowKey={flowKey} setup={setup} />
          </BookingSetupContext>
          {/* Issue 45: the listing's public documents, their own chunk after the first render. */}
          {mounted && setup.property && !embedded ? (
            <LazyPublicDocuments propertyId={setup.property.public_id} />
          ) : null}
          {mounted && (embedded || (setup.agentId && !setup.reschedule)) ? (
            <Suspense fallback={null}>
              {embedded ? (
                <EmbedBridge />
              ) : (
                <AssistantLauncher
                  agentId={setup.agentId ?? ''}
                  propertyId={setup.property?.id ?? null}
                  brand={brandStyle(setup.agent.primaryColor)}
                />
              )}
            </Suspense>
          ) : null}
        </div>
      );
    }
  }
}

/** The page's address with the agent's current username, where the address carries one; null otherwise. */
function canonicalPath(params: Readonly<Params>, setup: BookingSetup): string | null {
  const username = setup.agent.username;
  if (!username) return null;
  if (params.username !== undefined && params.address !== undefined && params.propertyId !== undefined) {
    if (params.username === username) return null;
    return `/${encodeURIComponent(username)}/${encodeURIComponent(params.address)}/${encodeURIComponent(params.propertyId)}/book`;
  }
  if (params.agentId !== undefined && params.agentName !== undefined && params.agentName !== username)
    return agentBookingPath(params.agentId, username);
  return null;
}

/** The page in the buyer's language (issue 43): its own language state, so pages that are not the buyer's load none. */
export function BookingPage(props: Parameters<typeof BookingPageInLocale>[0]) {
  return (
    <LocaleProvider>
      <BookingPageInLocale {...props} />
    </LocaleProvider>
  );
}
