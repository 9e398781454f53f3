// Issue 32: a listing shown by instructions only (decision 052) has no calendar — the page shows the listing's
// showing instructions and how to reach the agent. Loaded only for such a listing (booking-page.tsx).
import type { PropertyShowing } from '../hooks/use-booking-setup';
import { MessageScreen } from './message-screen';

export function InstructionsScreen({ agentName, showing }: { agentName: string; showing: PropertyShowing }) {
  const contact = showing.contact;
  return (
    <MessageScreen title="How to see this home">
      <p className="whitespace-pre-line">{showing.instructions ?? ''}</p>
      <p className="mt-4">
        Contact {agentName}
        {contact?.phone ? (
          <>
            {' '}
            at{' '}
            <a className="font-semibold underline" href={`tel:${contact.phone}`}>
              {contact.phone}
            </a>
          </>
        ) : null}
        {contact ? (
          <>
            {' '}
            or{' '}
            <a className="font-semibold underline" href={`mailto:${contact.email}`}>
              {contact.email}
            </a>
          </>
        ) : null}
        .
      </p>
    </MessageScreen>
  );
}
