// Issue 32: a listing shown by instructions only (decision 052) has no calendar — the booking page shows, in its
// usual frame (the agent's brand and the listing's address and photo, issue 39 §12), the listing's showing
// instructions and how to reach the agent. The property's own page and the agent's page (once the buyer picks
// such a listing, issue 39 §4) both show it. Loaded only for such a listing (booking-flow.tsx).
import type { PropertyShowing } from '../hooks/use-booking-setup';
import { useT } from '@/lib/i18n';
import { DETAILS, withElements } from '../details-texts';
import { StepHeading } from './step-heading';

export function InstructionsPanel({
  agentName,
  address,
  showing,
}: {
  agentName: string;
  /** The listing's address line ("41 Cranberry Street, Brooklyn, NY"). */
  address: string | null;
  showing: PropertyShowing;
}) {
  const t = useT(DETAILS);
  const contact = showing.contact;
  const link = 'font-semibold text-slate-900 underline';
  const phone = contact?.phone ? (
    <a key="phone" className={link} href={`tel:${contact.phone}`}>
      {contact.phone}
    </a>
  ) : null;
  const email = contact ? (
    <a key="email" className={link} href={`mailto:${contact.email}`}>
      {contact.email}
    </a>
  ) : null;
  const contactKey = phone
    ? email
      ? 'contactPhoneEmail'
      : 'contactPhone'
    : email
      ? 'contactEmail'
      : 'contact';
  return (
    <section aria-label={t('howToSee')}>
      <StepHeading title={t('howToSee')} />
      <p className="mt-2 text-sm text-slate-600">
        {address ? t('notOnline', { address }) : t('homeNotOnline')} {t('showsBy', { agent: agentName })}
      </p>
      {showing.instructions ? (
        <p className="mt-4 whitespace-pre-line rounded-lg bg-slate-50 p-4 text-slate-800">
          {showing.instructions}
        </p>
      ) : null}
      <p className="mt-4 text-slate-700">
        {withElements(
          t,
          contactKey,
          { agent: agentName },
          { ...(phone ? { phone } : {}), ...(email ? { email } : {}) },
        )}
      </p>
    </section>
  );
}
