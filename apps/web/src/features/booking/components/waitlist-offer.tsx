// Issue 44 "Waitlist": under a date without open times for a property, the offer to join its waiting list for
// that date. The calendar and time steps carry only this check: the offer's words come in their own small chunk
// when such a date shows (waitlist-panel.tsx), and the form in another when the buyer opens it. Not offered for a
// consultation, a team's pool, or while rescheduling.
import { lazy, Suspense, use } from 'react';
import { useSearchParams } from 'react-router';
import { BookingSetupContext } from '../hooks/use-booking-setup';
import { readFlowUrl } from '../hooks/use-flow-url';

const WaitlistPanel = lazy(() => import('./waitlist-panel').then((m) => ({ default: m.WaitlistPanel })));

/** Render with `key={date}`: another date starts closed. */
export function WaitlistOffer({ date }: { date: string }) {
  const setup = use(BookingSetupContext);
  const [search] = useSearchParams();
  // The property the route names, or the one picked on the agent's page (the flow's address, once written).
  const flow = readFlowUrl(search);
  const propertyId = setup?.propertyId ?? (flow.written ? flow.choices.propertyId : null);
  const agentId = setup?.agentId ?? setup?.agent.id ?? null;
  if (!setup || setup.reschedule || propertyId === null || agentId === null) return null;
  return (
    <Suspense fallback={null}>
      <WaitlistPanel agentId={agentId} propertyId={propertyId} date={date} />
    </Suspense>
  );
}
