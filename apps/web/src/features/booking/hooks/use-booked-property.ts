// The property a buyer is booking on the agent booking page, for the parts of a step that offer more about it
// (issue 44: the waiting list under a date without times, the property's open houses): the one the route names,
// or the one picked on the agent's page (the flow's address, once written). Null on the team page, for a
// consultation and while rescheduling.
import { use } from 'react';
import { useSearchParams } from '@/lib/router';
import { BookingSetupContext } from './use-booking-setup';
import { readFlowUrl } from './use-flow-url';

export interface BookedProperty {
  /** The agent who takes the booking. */
  agentId: string;
  /** The property's numeric id. */
  propertyId: number;
}

export function useBookedProperty(): BookedProperty | null {
  const setup = use(BookingSetupContext);
  const [search] = useSearchParams();
  const flow = readFlowUrl(search);
  const propertyId = setup?.propertyId ?? (flow.written ? flow.choices.propertyId : null);
  const agentId = setup?.agentId ?? setup?.agent.id ?? null;
  if (!setup || setup.reschedule || propertyId === null || agentId === null) return null;
  return { agentId, propertyId };
}
