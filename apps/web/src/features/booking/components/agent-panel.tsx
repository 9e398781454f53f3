// The booking page's left panel (spec §2.4): who the buyer books with and what. On a phone it is a compact
// card above the steps.
import { APPOINTMENT_MINUTES } from '@keyturn/domain/constants';
import type { Property } from '@keyturn/domain/schemas/property';
import { PoweredBy } from '@/components/buyer-footer';
import { SafeImage, initialOf } from '@/components/ui/safe-image';
import { useLocale, useT } from '@/lib/i18n';
import { formatPrice } from '../format';
import { BOOKING } from '../texts';
import type { DisplayAgent } from '../types';

interface AgentPanelProps {
  agent: DisplayAgent;
  /** The property being booked; null for a consultation or while none is chosen. */
  property: Property | null;
  /** Show the placeholder property while none is chosen (a viewing still to be matched to a property). */
  showPlaceholder: boolean;
  /**
   * What the buyer chose, as the spec's two sessions ('Property Viewing' for a viewing or open house, else
   * 'Consultation Session'), or null before a choice.
   */
  purpose?: 'viewing' | 'consultation' | null;
}

export function AgentPanel({ agent, property, showPlaceholder, purpose = null }: AgentPanelProps) {
  const t = useT(BOOKING);
  const brand = agent.companyName ?? agent.name;
  const withWhom = agent.team ? t('ourTeam', { name: agent.name }) : agent.name;
  // The purpose the buyer chose names the session (issue 29: "Consultation Session" stayed after "Property
  // Viewing" was chosen); before a choice, a property makes it a viewing.
  const session = purpose ?? (property ? 'viewing' : 'consultation');

  return (
    <aside
      aria-label={t('aboutBooking')}
      className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-5 md:w-80 md:shrink-0 md:rounded-none md:border-0 md:border-r md:p-6 md:shadow-none"
    >
      <div className="flex items-center gap-3">
        <SafeImage
          src={agent.logoUrl}
          alt={t('logo', { name: brand })}
          className="h-8 max-w-32 object-contain md:h-10 md:max-w-36"
          fallback={
            <span
              aria-hidden="true"
              data-testid="logo-initial"
              className="inline-flex size-8 shrink-0 items-center justify-center rounded-lg bg-[var(--kt-primary)] font-bold text-[var(--kt-on-primary)] md:size-10 md:text-lg"
            >
              {initialOf(brand)}
            </span>
          }
        />
        {agent.companyName ? (
          <p className="min-w-0 truncate text-sm font-semibold text-slate-700">{agent.companyName}</p>
        ) : null}
      </div>

      {/* A team is not a person (issue 29): its name is the brand line above, with no portrait or title. */}
      {agent.team ? null : (
        <div className="mt-3 flex items-center gap-3 md:mt-4">
          <SafeImage
            src={agent.profilePictureUrl}
            alt={agent.name}
            className="size-10 shrink-0 rounded-full object-cover md:size-12"
            fallback={
              <span
                aria-hidden="true"
                data-testid="agent-initial"
                className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-slate-100 font-semibold text-slate-600 md:size-12 md:text-lg"
              >
                {initialOf(agent.name)}
              </span>
            }
          />
          <div className="min-w-0">
            <p className="truncate font-semibold text-slate-900">{agent.name}</p>
            <p className="text-sm text-slate-500">{t('agentTitle')}</p>
          </div>
        </div>
      )}

      <h1 className="mt-3 text-lg font-bold tracking-tight text-slate-900 md:mt-4 md:text-xl">
        {session === 'consultation' ? t('consultSession') : t('pViewing')}
      </h1>
      <ul className="mt-2 flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
        <li className="flex items-center gap-1.5">
          <ClockIcon />
          {t('minutes', { count: APPOINTMENT_MINUTES })}
        </li>
        <li className="flex items-center gap-1.5">
          <PinIcon />
          {agent.team ? agent.team.place : t('inPerson')}
        </li>
      </ul>

      {property ? (
        <PropertyCard property={property} />
      ) : showPlaceholder ? (
        <div className="mt-4 hidden rounded-xl border border-dashed border-slate-300 p-3 text-sm md:block">
          <p className="font-medium text-slate-700">{t('placeholderAddress')}</p>
          <p className="text-slate-500">{t('placeholderType')}</p>
        </div>
      ) : null}

      {/* One text node: the page's largest paint on a phone, in the server's HTML as one readable sentence. */}
      <p className="mt-3 text-sm text-slate-600 md:mt-4">
        {t('sessionAbout', { minutes: APPOINTMENT_MINUTES, kind: session, who: withWhom })}
      </p>

      <PoweredBy className="mt-5 hidden border-t border-slate-100 pt-4 md:flex" />
    </aside>
  );
}

/** The product badge: in the panel on wide screens, under the steps on a phone. */
function PropertyCard({ property }: { property: Property }) {
  const t = useT(BOOKING);
  const { intlLocale } = useLocale();
  return (
    <section
      aria-label={t('property')}
      className="mt-3 flex gap-3 overflow-hidden rounded-xl border border-slate-200 md:mt-4 md:block"
    >
      <SafeImage
        src={property.images[0]}
        alt={property.address}
        className="w-20 shrink-0 object-cover sm:w-24 md:aspect-[16/10] md:w-full"
      />
      <div className="min-w-0 py-2 pr-3 text-sm md:p-3">
        <p className="font-semibold text-slate-900">{property.address}</p>
        <p className="text-slate-600">
          {property.city}, {property.state} {property.zip_code}
        </p>
        <p className="mt-1 text-slate-600">
          {t('rooms', { beds: property.bedrooms, baths: property.bathrooms })} · {property.property_type}
        </p>
        <p className="mt-1 font-semibold text-slate-900">{formatPrice(property.price, intlLocale)}</p>
      </div>
    </section>
  );
}

function ClockIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
      className="size-4"
    >
      <circle cx="12" cy="12" r="8.5" />
      <path d="M12 7.5V12l3 2" strokeLinecap="round" />
    </svg>
  );
}

function PinIcon() {
  return (
    <svg
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth="1.8"
      aria-hidden="true"
      className="size-4"
    >
      <path d="M12 21s-6.5-5.6-6.5-11a6.5 6.5 0 1 1 13 0c0 5.4-6.5 11-6.5 11Z" />
      <circle cx="12" cy="10" r="2.3" />
    </svg>
  );
}
