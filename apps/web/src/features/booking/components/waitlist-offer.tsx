// Issue 44 "Waitlist": under a date without open times for a property, the offer to join its waiting list for
// that date. The calendar and time steps carry only this check: the offer's words come in their own small chunk
// when such a date shows (waitlist-panel.tsx), and the form in another when the buyer opens it. Not offered for a
// consultation, a team's pool, or while rescheduling.
import { lazy, Suspense } from 'react';
import { useBookedProperty } from '../hooks/use-booked-property';

const WaitlistPanel = lazy(() => import('./waitlist-panel').then((m) => ({ default: m.WaitlistPanel })));

/** Render with `key={date}`: another date starts closed. */
export function WaitlistOffer({ date }: { date: string }) {
  const booked = useBookedProperty();
  if (!booked) return null;
  return (
    <Suspense fallback={null}>
      <WaitlistPanel agentId={booked.agentId} propertyId={booked.propertyId} date={date} />
    </Suspense>
  );
}
