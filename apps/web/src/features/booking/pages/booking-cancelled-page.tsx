// /booking/cancelled (spec §2.1): the kind end of a cancellation. With the booking's token (?token=, as the
// manage page sends it) it keeps the agent's branding and says what was cancelled — the property or the
// consultation, the date and the time read off the server's instant — with a way back to the agent's page.
// Without one (an old ?agent= link) it says so plainly.
import { useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { agentBookingPath } from '@keyturn/domain/links';
import { MESSAGES } from '@keyturn/domain/messages';
import { ButtonLink } from '@/components/ui/button';
import { SpinnerCircle } from '@/components/ui/spinner';
import { fetchManagedBooking } from '../api';
import { BookingSummary } from '../components/booking-summary';
import { AgentBrand, ManageLayout, managedBookingRows } from '../components/managed-booking-layout';
import { MessageScreen } from '../components/message-screen';
import { browserTimeZone, safeColor } from '../format';
import { bookingKeys } from '../hooks/use-booking-setup';

const TITLE = 'Booking Cancelled';

export function BookingCancelledPage() {
  const [search] = useSearchParams();
  const token = search.get('token')?.trim() || null;
  const agentId = search.get('agent')?.trim() || null;
  const query = useQuery({
    queryKey: bookingKeys.manage(token ?? ''),
    queryFn: () => fetchManagedBooking(token ?? ''),
    enabled: token !== null,
    staleTime: 0,
  });

  if (token !== null && query.isPending) {
    return (
      <ManageLayout title={TITLE}>
        <div role="status" className="flex items-center gap-3 py-6 text-sm text-slate-500">
          <SpinnerCircle size="sm" />
          {MESSAGES.loadingBooking}
        </div>
      </ManageLayout>
    );
  }

  const booking = query.data;
  if (booking) {
    const { agent } = booking;
    return (
      <ManageLayout
        title={TITLE}
        primaryColor={safeColor(agent.primaryColor, DEFAULT_PRIMARY_COLOR)}
        brand={<AgentBrand agent={agent} />}
      >
        <p className="mb-4 text-sm text-slate-700">
          {booking.status === 'cancelled'
            ? 'This appointment is cancelled and its time has been freed. The details below are for your records.'
            : 'This appointment is no longer active.'}
        </p>
        <BookingSummary rows={managedBookingRows(booking, browserTimeZone())} />
        <p className="mt-4 text-sm text-slate-600">
          Thank you for letting {agent.name} know. Plans change; whenever you&apos;re ready, you can pick a
          new time.
        </p>
        <div className="mt-6">
          <ButtonLink to={agentBookingPath(agent.id, agent.username)} variant="brand" size="lg">
            Book a new time
          </ButtonLink>
        </div>
      </ManageLayout>
    );
  }

  return (
    <MessageScreen
      title={TITLE}
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
