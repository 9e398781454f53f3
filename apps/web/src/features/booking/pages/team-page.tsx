// The public team page (issue 15, decision 025): /team/:slug shows the team's brand, its public properties
// (each opens the booking page of its assigned agent) and "Book a consultation with our team", which at
// /team/:slug/consultation is the booking page's own flow (calendar, times, details, confirmation) with the
// team's pool as the agent. Its own lazy route chunk: the agent booking page does not load it.
import { useQuery } from '@tanstack/react-query';
import { Link, useParams } from '@/lib/router';
import { propertyBookingPath, teamPagePath } from '@keyturn/domain/links';
import type { PublicTeamPage } from '@keyturn/domain/schemas/teamPage';
import { SafeImage, initialOf } from '@/components/ui/safe-image';
import { SpinnerCircle } from '@/components/ui/spinner';
import { VISIT } from '@/lib/visit-area';
import { ApiError } from '@/lib/api';
import { useT } from '@/lib/i18n';
import { fetchPublicTeam, inlinePublicTeam } from '../team-api';
import { BookingFlow } from '../components/booking-flow';
import { MessageScreen } from '../components/message-screen';
import { brandStyle, formatPrice } from '../format';
import type { BookingSetup } from '../hooks/use-booking-setup';
import { fromTeam } from '../types';
import { LocaleProvider } from '@/lib/locale';

function TeamPageInLocale({ consultation = false }: { consultation?: boolean }) {
  const t = useT(VISIT);
  const slug = useParams().slug ?? '';
  const query = useQuery({
    queryKey: ['team-page', slug],
    queryFn: () => fetchPublicTeam(slug),
    // A server-rendered team page (decision 036) carries the team: the first render is the page itself.
    initialData: () => inlinePublicTeam(slug),
    retry: (count, error) => !(error instanceof ApiError && error.status === 404) && count < 2,
  });

  if (query.isPending) {
    return (
      <div
        role="status"
        className="flex min-h-screen flex-col items-center justify-center gap-3 text-slate-500"
      >
        <title>{`${t('bookAppointment')} · Keyturn`}</title>
        <SpinnerCircle />
        <p className="text-sm">{t('loadingBooking')}</p>
      </div>
    );
  }
  if (query.isError) {
    return query.error instanceof ApiError && query.error.status === 404 ? (
      <MessageScreen title={t('teamNotFoundTitle')}>{t('teamNotFound')}</MessageScreen>
    ) : (
      <MessageScreen title={t('somethingWrong')}>{query.error.message}</MessageScreen>
    );
  }
  const page = query.data;
  const agent = fromTeam(page.team);
  return (
    <div
      style={brandStyle(agent.primaryColor)}
      className="min-h-screen bg-slate-50 px-3 py-4 sm:px-6 md:py-10"
    >
      <title>{`${t('bookWith', { name: page.team.name })} · Keyturn`}</title>
      {consultation ? <Consultation page={page} /> : <TeamHome page={page} />}
    </div>
  );
}

function Consultation({ page }: { page: PublicTeamPage }) {
  const t = useT(VISIT);
  const setup: BookingSetup = {
    agentId: null,
    agent: fromTeam(page.team),
    propertyId: null,
    property: null,
    prefill: null,
    reschedule: null,
    initialDate: null,
    initialTime: null,
    availability: [],
    team: page.team,
  };
  const flowKey = `team|${page.team.slug}`;
  return (
    <>
      <nav aria-label={t('team')} className="mx-auto mb-3 w-full max-w-5xl">
        <Link
          to={teamPagePath(page.team.slug)}
          className="inline-flex min-h-10 items-center rounded-lg pr-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)]"
        >
          ← {page.team.name}
        </Link>
      </nav>
      <BookingFlow key={flowKey} flowKey={flowKey} setup={setup} />
    </>
  );
}

function TeamHome({ page }: { page: PublicTeamPage }) {
  const t = useT(VISIT);
  const { team, properties } = page;
  return (
    <main id="main" className="mx-auto w-full max-w-5xl space-y-6">
      <header className="flex items-center gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6">
        <SafeImage
          src={team.logo}
          alt={t('logo', { name: team.name })}
          className="h-10 max-w-36 object-contain"
          fallback={
            <span
              aria-hidden="true"
              className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-[var(--kt-primary)] text-lg font-bold text-[var(--kt-on-primary)]"
            >
              {initialOf(team.name)}
            </span>
          }
        />
        <h1 className="min-w-0 text-xl font-bold tracking-tight text-slate-900 sm:text-2xl">{team.name}</h1>
      </header>

      {page.poolSize > 0 ? (
        <section
          aria-labelledby="team-consultation-heading"
          className="rounded-2xl border border-slate-200 bg-white p-4 shadow-sm sm:p-6"
        >
          <h2 id="team-consultation-heading" className="text-lg font-semibold text-slate-900">
            {t('consultationTitle')}
          </h2>
          <p className="mt-1 text-sm text-slate-600">{t('consultationBody')}</p>
          <p className="mt-2 text-sm text-slate-700">
            <span className="font-semibold">{t('where')}:</span> {team.consultation.text}
          </p>
          <Link
            to={teamPagePath(team.slug, true)}
            className="mt-4 inline-flex min-h-11 items-center justify-center rounded-lg bg-[var(--kt-primary)] px-5 text-sm font-semibold text-[var(--kt-on-primary)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)] focus-visible:ring-offset-2"
          >
            {t('consultationTitle')}
          </Link>
        </section>
      ) : null}

      <section aria-labelledby="team-properties-heading">
        <h2 id="team-properties-heading" className="mb-3 text-lg font-semibold text-slate-900">
          {t('propertiesTitle')}
        </h2>
        {properties.length === 0 ? (
          <p className="text-sm text-slate-600">{t('noProperties')}</p>
        ) : (
          <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3">
            {properties.map((property) => (
              <li key={property.id}>
                <Link
                  to={propertyBookingPath(property.agent.username, property.address, property.public_id)}
                  className="block h-full overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm hover:border-[var(--kt-primary)] focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-[var(--kt-primary)]"
                >
                  <SafeImage
                    src={property.images[0]}
                    alt={t('photoOf', { address: property.address })}
                    className="aspect-[16/10] w-full bg-slate-100 object-cover"
                    fallback={
                      // No photo: a short band that says so, not a large empty box (the dashboard says the same).
                      <span className="flex h-16 w-full items-center justify-center bg-slate-100 text-sm text-slate-500">
                        {t('noPhoto')}
                      </span>
                    }
                  />
                  <span className="block p-4">
                    <span className="block font-semibold text-slate-900">{property.address}</span>
                    <span className="block text-sm text-slate-600">
                      {property.city}, {property.state}
                    </span>
                    <span className="mt-2 block text-sm text-slate-700">
                      {formatPrice(property.price)} ·{' '}
                      {t('rooms', { beds: property.bedrooms, baths: property.bathrooms })}
                    </span>
                    <span className="mt-2 block text-xs text-slate-500">
                      {t('withAgent', { name: property.agent.name })}
                    </span>
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </main>
  );
}

/** The page in the buyer's language (issue 43): its own language state, so pages that are not the buyer's load none. */
export function TeamPage(props: Parameters<typeof TeamPageInLocale>[0]) {
  return (
    <LocaleProvider>
      <TeamPageInLocale {...props} />
    </LocaleProvider>
  );
}
