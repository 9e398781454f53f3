// /booking/cancelled (spec §2.1): the kind end of a cancellation, with a way back to the agent's booking page
// when the agent is known (?agent=).
import { useSearchParams } from 'react-router';
import { ButtonLink } from '@/components/ui/button';
import { MessageScreen } from '../components/message-screen';

export function BookingCancelledPage() {
  const [search] = useSearchParams();
  const agentId = search.get('agent')?.trim() || null;
  return (
    <MessageScreen
      title="Booking Cancelled"
      actions={
        agentId ? (
          <ButtonLink to={`/bookme/${encodeURIComponent(agentId)}`} size="lg">
            Book a new time
          </ButtonLink>
        ) : (
          <ButtonLink to="/" variant="secondary">
            Go to the home page
          </ButtonLink>
        )
      }
    >
      <p>Your booking has been cancelled and the time has been freed.</p>
      <p className="mt-2">
        Thank you for letting us know. Plans change; whenever you&apos;re ready, you can pick a new time.
      </p>
    </MessageScreen>
  );
}
