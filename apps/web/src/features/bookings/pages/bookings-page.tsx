import { countOf } from '@keyturn/domain/plural';
import { useState } from 'react';
import { useSearchParams } from '@/lib/router';
import { isoDateInZone } from '@keyturn/domain/time';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { EmptyState } from '@/components/ui/empty-state';
import { CalendarIcon, PlusIcon } from '@/components/ui/icons';
import { PageHeader } from '@/components/ui/page-header';
import { Spinner } from '@/components/ui/spinner';
import { HeldTimesSection } from '../components/held-times-section';
import { WaitlistSection } from '../components/waitlist-section';
import { OpenHousesSection } from '../components/open-houses-section';
import { useAgentProfile } from '@/lib/agent-profile';
import { BookingDetailsDialog } from '../components/booking-details-dialog';
import { BookingFilters } from '../components/booking-filters';
import { BookingLinksSection } from '../components/booking-links-section';
import { TeamLinksSection } from '../components/team-links-section';
import { BookingList } from '../components/booking-list';
import { InviteDialog } from '../components/invite-dialog';
import { NewBookingDialog } from '../components/new-booking-dialog';
import { BOOKING_LIST_ALL } from '@keyturn/domain/schemas/booking';
import { PUSH_INTENTS } from '@keyturn/domain/push';
import { BOOKING_PARAM, filtersFromSearch, hasFilters, withFilter } from '../filters';
import { useBookings, usePropertyOptions } from '../hooks/use-bookings';

type Open = 'new' | 'invite' | null;

/**
 * The agent's bookings (spec §2.2 Bookings): filters in the query string, the list, one booking's details
 * and actions over it (?booking=<id>), a new booking, and invitations.
 */
export function BookingsPage() {
  const [search, setSearch] = useSearchParams();
  const filters = filtersFromSearch(search);
  const bookings = useBookings(filters);
  // The default view hides cancelled and moved bookings; when it is empty, one row of the full list tells
  // "nothing yet" from "nothing current".
  const defaultViewEmpty = !hasFilters(filters) && bookings.data?.length === 0;
  const anyBooking = useBookings({ status: BOOKING_LIST_ALL, limit: 10 }, { enabled: defaultViewEmpty });
  const properties = usePropertyOptions();
  const agent = useAgentProfile();
  const [open, setOpen] = useState<Open>(null);
  const openBookingId = search.get(BOOKING_PARAM);
  // Issue 47: a push notification's Approve / Decline opens the booking with ?action=: the dialog gives that answer
  // once (Decline asks its reason first), and the address then drops it, so a reload sends nothing again.
  const asked = search.get('action');
  const intent = PUSH_INTENTS.find((i) => i === asked) ?? null;
  const intentUsed = () =>
    setSearch(
      (current) => {
        const next = new URLSearchParams(current);
        next.delete('action');
        return next;
      },
      { replace: true },
    );
  const propertyList = properties.data ?? [];
  const today = agent.data ? isoDateInZone(new Date(), agent.data.timeZone) : undefined;

  const showBooking = (id: string | null) =>
    setSearch((current) => {
      const next = new URLSearchParams(current);
      if (id) next.set(BOOKING_PARAM, id);
      else next.delete(BOOKING_PARAM);
      return next;
    });

  return (
    <>
      <title>Bookings · Keyturn</title>
      <div className="flex flex-col gap-4 sm:flex-row sm:items-end sm:justify-between">
        <PageHeader title="Bookings" description="Requests and showings, with what each buyer told you." />
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button variant="secondary" onClick={() => setOpen('invite')}>
            Invite a buyer
          </Button>
          <Button onClick={() => setOpen('new')}>
            <PlusIcon className="size-4" />
            New booking
          </Button>
        </div>
      </div>

      <div className="mt-8 space-y-6">
        <HeldTimesSection timeZone={agent.data?.timeZone} />
        <WaitlistSection timeZone={agent.data?.timeZone} />
        <OpenHousesSection timeZone={agent.data?.timeZone} />
        <BookingFilters properties={propertyList} />

        <section aria-label="Booking results" aria-busy={bookings.isFetching}>
          {bookings.isPending ? (
            <div className="flex justify-center py-12">
              <Spinner label="Loading bookings" />
            </div>
          ) : bookings.isError ? (
            <div className="space-y-3">
              <ErrorAlert>We could not load your bookings. {bookings.error.message}</ErrorAlert>
              <Button variant="secondary" onClick={() => void bookings.refetch()}>
                Try again
              </Button>
            </div>
          ) : bookings.data.length === 0 ? (
            hasFilters(filters) ? (
              <EmptyState icon={<CalendarIcon />} title="No bookings match these filters">
                Try another status or date, or clear the filters.
              </EmptyState>
            ) : anyBooking.isPending ? (
              <div className="flex justify-center py-12">
                <Spinner label="Loading bookings" />
              </div>
            ) : anyBooking.data && anyBooking.data.length > 0 ? (
              <EmptyState
                icon={<CalendarIcon />}
                title="No current bookings"
                action={
                  <Button
                    variant="secondary"
                    onClick={() => setSearch((current) => withFilter(current, 'status', BOOKING_LIST_ALL))}
                  >
                    Show all bookings
                  </Button>
                }
              >
                Cancelled and moved bookings are not in this view.
              </EmptyState>
            ) : (
              <EmptyState
                icon={<CalendarIcon />}
                title="No bookings yet"
                action={
                  <Button variant="secondary" onClick={() => setOpen('invite')}>
                    Invite a buyer
                  </Button>
                }
              >
                Share your booking link or invite a buyer; their requests appear here.
              </EmptyState>
            )
          ) : (
            <>
              <p className="mb-2 text-sm text-slate-600" aria-live="polite">
                {countOf(bookings.data.length, 'booking')}
              </p>
              <BookingList bookings={bookings.data} />
            </>
          )}
        </section>

        <BookingLinksSection properties={propertyList} />
        {/* Issue 15: owners and admins make the team's links here too. */}
        <TeamLinksSection />
      </div>

      {openBookingId ? (
        <BookingDetailsDialog
          key={openBookingId}
          bookingId={openBookingId}
          intent={intent}
          onIntentUsed={intentUsed}
          onClose={() => showBooking(null)}
          onOpenBooking={showBooking}
        />
      ) : null}
      {open === 'new' ? (
        <NewBookingDialog
          timeZone={agent.data?.timeZone}
          today={today}
          properties={propertyList}
          onClose={() => setOpen(null)}
          onCreated={(booking) => {
            setOpen(null);
            showBooking(booking.id);
          }}
        />
      ) : null}
      {open === 'invite' ? <InviteDialog properties={propertyList} onClose={() => setOpen(null)} /> : null}
    </>
  );
}
