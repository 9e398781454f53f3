import { countOf } from '@keyturn/domain/plural';
import { PLAN_ORDER } from '@keyturn/domain/plans';
import type { Plan } from '@keyturn/domain/plans';
import { PageHero, PageMeta } from '@/components/site-chrome';
import { PageSection } from '@/components/page-section';
import { JoinButton } from '@/components/join-button';
import { useLaunched } from '@/lib/launch';
import { LAUNCH_TEXTS } from '@keyturn/domain/launch';
import { AVAILABLE_FEATURES, FeatureGrid, UPCOMING_FEATURES } from '../components/product-features';

const BOOKING_STEPS = [
  'The buyer says what they want: a viewing, an open house, a private showing, a valuation, or something else.',
  'Without a property in the link, they choose one of your listings, or carry on without one.',
  'They pick a day, then a time; days and times you are not available are never offered.',
  'They leave their name, e-mail, phone, buyer type and, if they like, a budget and a note.',
  'They see the confirmation with a link to reschedule or cancel and an Add to calendar button.',
];

function limit(value: number | null, unit: string): string {
  return value === null ? `Unlimited ${unit}` : `${value} ${unit}`;
}

function planLimits(plan: Plan): string[] {
  return [
    limit(plan.maxProperties, 'properties'),
    limit(plan.maxBookingsPerMonth, 'bookings a month'),
    `${countOf(plan.includedUsers, 'user')} included`,
  ];
}

/** /features: what Keyturn does today, how a booking goes, the plan limits, and what is being built. */
export function FeaturesPage() {
  const launched = useLaunched();
  return (
    <>
      <PageMeta
        title="Features · Keyturn"
        description="What Keyturn does today: branded booking pages, slots in the agent's time zone, no double booking, reschedule and cancel links, availability rules, plan limits and one dashboard."
      />
      <PageHero
        eyebrow="Features"
        title="What Keyturn does today"
        intro={`No promises in this list: everything under “Available now” works in the app today.${UPCOMING_FEATURES.length > 0 ? ' What we are still building is listed separately.' : ''}`}
      >
        <JoinButton size="lg" />
      </PageHero>

      <PageSection id="available-title" eyebrow="Available now" title="Scheduling that just works">
        <FeatureGrid features={AVAILABLE_FEATURES} />
      </PageSection>

      <PageSection
        id="flow-title"
        tinted
        className="grid grid-cols-1 gap-10 lg:grid-cols-2"
        align="left"
        eyebrow="The booking page"
        title="How a buyer books"
        intro="Five short steps on a phone, with a Back button at every step."
      >
        <ol className="space-y-4">
          {BOOKING_STEPS.map((step, index) => (
            <li key={step} className="flex gap-4 rounded-2xl border border-slate-200 bg-white p-5">
              <span
                aria-hidden="true"
                className="inline-flex size-8 shrink-0 items-center justify-center rounded-full bg-blue-600 text-sm font-bold text-white"
              >
                {index + 1}
              </span>
              <p className="text-base leading-7 text-slate-700">{step}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection
        id="limits-title"
        eyebrow="Plan limits"
        title="Clear limits, shown on your dashboard"
        intro="Your dashboard shows how much of each limit you have used this month."
      >
        <ul className="mx-auto mt-10 grid grid-cols-1 max-w-4xl gap-6 md:grid-cols-3">
          {PLAN_ORDER.map((plan) => (
            <li key={plan.id} className="rounded-2xl border border-slate-200 bg-white p-6">
              <h3 className="text-lg font-semibold text-slate-900">{plan.name}</h3>
              <ul className="mt-3 space-y-1 text-base text-slate-600">
                {planLimits(plan).map((line) => (
                  <li key={line}>{line}</li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </PageSection>

      {UPCOMING_FEATURES.length > 0 ? (
        <PageSection
          id="upcoming-title"
          tinted
          eyebrow="In development"
          title="What we are building next"
          intro={
            launched
              ? LAUNCH_TEXTS.upcomingIntro
              : 'Planned, not available yet. Waiting-list members hear first when each one is ready.'
          }
        >
          <FeatureGrid features={UPCOMING_FEATURES} />
        </PageSection>
      ) : null}
    </>
  );
}
