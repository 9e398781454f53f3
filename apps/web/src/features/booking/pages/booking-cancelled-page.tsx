// /booking/cancelled (spec §2.1): the kind end of a cancellation. With the booking's token (?token=, as the
// manage page sends it) it keeps the agent's branding and says what was cancelled — the property or the
// consultation, the date and the time read off the server's instant — with a way back to the agent's page.
// Without one (an old ?agent= link) it says so plainly.
import { useSearchParams } from '@/lib/router';
import { useQuery } from '@tanstack/react-query';
import { DEFAULT_PRIMARY_COLOR } from '@keyturn/domain/constants';
import { agentBookingPath } from '@keyturn/domain/links';
import { ButtonLink } from '@/components/ui/button';
import { SpinnerCircle } from '@/components/ui/spinner';
import { fetchManagedBooking } from '../api';
import { BookingSummary } from '../components/booking-summary';
import { AgentBrand, ManageLayout, managedBookingRows } from '../components/managed-booking-layout';
import { MessageScreen } from '../components/message-screen';
import { browserTimeZone, safeColor } from '../format';
import { BOOKING } from '../texts';
import { bookingKeys } from '../hooks/use-booking-setup';
import { useLocale, useT } from '@/lib/i18n';
import { MANAGE } from '../manage-texts';
import { LocaleProvider } from '@/lib/locale';

function BookingCancelledPageInLocale() {
  const t = useT(MANAGE);
  const bt = useT(BOOKING);
  const { intlLocale } = useLocale();
  const TITLE = t('cancelledTitle');
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
          {bt('loading')}
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
          {booking.status === 'cancelled' ? t('cancelledKept') : t('inactive')}
        </p>
        <BookingSummary rows={managedBookingRows(booking, browserTimeZone(), t, intlLocale, bt)} />
        <p className="mt-4 text-sm text-slate-600">{t('thanksAgent', { agent: agent.name })}</p>
        <div className="mt-6">
          <ButtonLink to={agentBookingPath(agent.id, agent.username)} variant="brand" size="lg">
            {t('bookNew')}
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
            {t('bookNew')}
          </ButtonLink>
        ) : (
          <ButtonLink to="/" variant="secondary">
            {t('home')}
          </ButtonLink>
        )
      }
    >
      <p>{t('cancelledPlain')}</p>
      <p className="mt-2">{t('thanksUs')}</p>
    </MessageScreen>
  );
}

/** The page in the buyer's language (issue 43): its own language state, so pages that are not the buyer's load none. */
export function BookingCancelledPage() {
  return (
    <LocaleProvider>
      <BookingCancelledPageInLocale />
    </LocaleProvider>
  );
}
