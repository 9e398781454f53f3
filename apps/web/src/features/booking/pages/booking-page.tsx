// The public booking page (spec §2.4) under every address of §2.1: /bookme/:agentId/:agentName,
// /bookme/:agentId, /bookme?agent=, /booking/:linkId, /:username/:address/:propertyId/book, and in
// reschedule mode /booking/reschedule?token=.
import { useLocation, useSearchParams } from 'react-router';
import { MESSAGES } from '@keyturn/domain/messages';
import { SpinnerCircle } from '@/components/ui/spinner';
import { BookingFlow } from '../components/booking-flow';
import { MessageScreen } from '../components/message-screen';
import { brandStyle } from '../format';
import { useBookingSetup } from '../hooks/use-booking-setup';

export function BookingPage({ mode = 'book' }: { mode?: 'book' | 'reschedule' }) {
  const state = useBookingSetup(mode);
  const location = useLocation();
  const [search] = useSearchParams();

  switch (state.status) {
    case 'loading':
      return (
        <div
          role="status"
          className="flex min-h-screen flex-col items-center justify-center gap-3 text-slate-500"
        >
          <title>Book an appointment · Keyturn</title>
          <SpinnerCircle />
          <p className="text-sm">{MESSAGES.loadingBooking}</p>
        </div>
      );
    case 'property-not-found':
      return (
        <MessageScreen title={MESSAGES.propertyNotFoundTitle}>{MESSAGES.propertyNotFoundBody}</MessageScreen>
      );
    case 'link-not-found':
      return (
        <MessageScreen title="Booking Link Not Found">
          This booking link doesn&apos;t exist or is no longer active. Please ask the agent for a new one.
        </MessageScreen>
      );
    case 'no-agent':
      return state.reschedule ? (
        <MessageScreen title="Reschedule Link Not Valid">
          This reschedule link is invalid or has expired. Please use the link in your latest confirmation
          email.
        </MessageScreen>
      ) : (
        <MessageScreen title="Agent Not Found">
          This booking page doesn&apos;t name an agent. Please check the link you were given.
        </MessageScreen>
      );
    case 'ready': {
      const { setup } = state;
      // One flow per page: its path, agent and token (the flow's own parameters change as the buyer moves).
      const flowKey = [location.pathname, search.get('agent') ?? '', search.get('token') ?? ''].join('|');
      return (
        <div
          style={brandStyle(setup.agent.primaryColor)}
          className="min-h-screen bg-slate-50 px-3 py-4 sm:px-6 md:py-10"
        >
          <title>{`Book with ${setup.agent.name} · Keyturn`}</title>
          <BookingFlow key={flowKey} flowKey={flowKey} setup={setup} />
        </div>
      );
    }
  }
}
