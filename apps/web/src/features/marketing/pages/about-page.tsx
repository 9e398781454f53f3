import { Link } from '@/lib/router';
import { WAITLIST_SEGMENT_LABELS } from '@keyturn/domain/schemas/waitlist';
import { Container, PageMeta } from '@/components/site-chrome';
import { IconTile, PageSection } from '@/components/page-section';
import { LAUNCH_TEXTS } from '@keyturn/domain/launch';
import { JoinButton } from '@/components/join-button';
import { useLaunched } from '@/lib/launch';
import { AudienceClaims } from '../components/audience-claims';
import { ArrowLeftIcon, CheckIcon, LayoutIcon, LinkIcon, UsersIcon } from '@/components/marks';
import { ABOUT_TESTIMONIALS, Testimonials } from '../components/testimonials';

const KEY_FEATURES = [
  {
    title: 'Dashboard Intelligence',
    Icon: LayoutIcon,
    points: [
      'Pending requests and today’s schedule first',
      'The next days at a glance',
      'Plan usage before it becomes a surprise',
    ],
  },
  {
    title: 'Seamless Client Experience',
    Icon: LinkIcon,
    points: [
      'Booking from any phone, no account needed',
      'Times in the agent’s zone, clearly labelled',
      'Links to reschedule, cancel or add to a calendar',
    ],
  },
  {
    title: 'Agent Productivity Tools',
    Icon: UsersIcon,
    points: [
      'A link per property and prefilled invitations',
      'Hours, days off, notice and buffers',
      'Confirm, decline or reschedule in one place',
    ],
  },
];

const TECHNOLOGY = [
  { name: 'React and TypeScript', text: 'A fast, accessible web app that works on any phone.' },
  { name: 'Fastify API', text: 'A documented REST API, described with OpenAPI.' },
  {
    name: 'PostgreSQL',
    text: 'An overlap constraint in the database makes double bookings impossible.',
  },
  { name: 'IANA time zones', text: 'Slots computed in the agent’s zone, daylight-saving changes included.' },
  { name: 'Tested in a real browser', text: 'Every change is checked end to end in a real browser.' },
];

/** /about (spec §2.7). */
export function AboutPage() {
  const launched = useLaunched();
  return (
    <>
      <PageMeta
        title="About · Keyturn"
        description="Why we build Keyturn, the showing scheduler for real-estate agents: our mission, what the product does, who it is for and what it runs on."
      />
      <section className="border-b border-slate-100 bg-gradient-to-b from-blue-50/70 to-white">
        <Container className="py-10 sm:py-16">
          <Link
            to="/"
            className="inline-flex items-center gap-2 rounded text-sm font-medium text-blue-700 hover:text-blue-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          >
            <ArrowLeftIcon className="size-4" />
            Back to home
          </Link>
          <div className="mt-8 max-w-3xl">
            <p className="text-sm font-semibold tracking-wide text-blue-700 uppercase">About Keyturn</p>
            <h1 className="mt-2 text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl">
              Agents should sell homes, not chase calendars
            </h1>
            <p className="mt-5 text-lg leading-8 text-slate-600 sm:text-xl">
              Our mission is to give every real-estate agent the booking tools big brokerages have: a page
              buyers trust, a schedule that cannot clash, and more hours for the work only an agent can do.
            </p>
          </div>
        </Container>
      </section>

      <PageSection
        id="what-title"
        className="grid grid-cols-1 gap-10 lg:grid-cols-2"
        align="left"
        eyebrow="What we do"
        title="One link, every showing"
      >
        <div className="space-y-4 text-lg leading-8 text-slate-600">
          <p>
            Keyturn gives each agent a branded booking page. Buyers choose what they want to book, pick a day
            and a time that really is free, and leave their details. The agent sees the request on the
            dashboard and confirms it, or lets Keyturn confirm it automatically.
          </p>
          <p>No phone tag, no spreadsheet, no two buyers at the same door at the same time.</p>
        </div>
      </PageSection>

      <PageSection id="key-features-title" tinted eyebrow="Key features" title="Built around three ideas">
        <ul className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-3">
          {KEY_FEATURES.map(({ title, Icon, points }) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <IconTile Icon={Icon} />
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <ul className="mt-3 space-y-2 text-base text-slate-600">
                {points.map((point) => (
                  <li key={point} className="flex gap-2">
                    <CheckIcon className="mt-1 size-4 shrink-0 text-blue-600" />
                    {point}
                  </li>
                ))}
              </ul>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection
        id="why-title"
        className="grid grid-cols-1 gap-10 lg:grid-cols-2"
        align="left"
        eyebrow="Why Keyturn"
        title="Made for showings"
      >
        <div>
          <p className="text-lg leading-8 text-slate-600">
            General schedulers know meetings. Keyturn knows properties: a link per listing, the address and
            photos on the booking page, a buyer type and budget on every request, and an agent’s day that
            moves between houses.
          </p>
          <AudienceClaims
            className="mt-8 grid grid-cols-3 gap-4"
            valueClassName="text-2xl font-bold text-slate-900 sm:text-3xl"
          />
        </div>
      </PageSection>

      <PageSection
        id="industry-title"
        tinted
        eyebrow="Industry focus"
        title="For every corner of real estate"
        intro="Keyturn is made for the people who show properties for a living."
      >
        <ul className="mx-auto mt-10 flex max-w-3xl flex-wrap justify-center gap-3">
          {Object.values(WAITLIST_SEGMENT_LABELS).map((label) => (
            <li
              key={label}
              className="rounded-full border border-slate-200 bg-white px-4 py-2 text-sm font-medium text-slate-800 shadow-sm"
            >
              {label}
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="tech-title" eyebrow="Technology stack" title="Boring where it matters">
        <ul className="mt-10 grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-5">
          {TECHNOLOGY.map((item) => (
            <li key={item.name} className="rounded-2xl border border-slate-200 bg-white p-5">
              <h3 className="text-base font-semibold text-slate-900">{item.name}</h3>
              <p className="mt-2 text-sm leading-6 text-slate-600">{item.text}</p>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="about-testimonials-title" tinted eyebrow="Testimonials" title="What agents tell us">
        <div className="mt-10">
          <Testimonials items={ABOUT_TESTIMONIALS} />
        </div>
      </PageSection>

      <section aria-labelledby="about-cta-title" className="py-14 sm:py-20">
        <Container>
          <div className="rounded-3xl bg-blue-700 px-6 py-12 text-center sm:px-12">
            <h2 id="about-cta-title" className="text-3xl font-bold tracking-tight text-white">
              Want Keyturn for your showings?
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-blue-50">
              {launched
                ? LAUNCH_TEXTS.aboutCtaText
                : 'Join the waiting list, or take another look around first.'}
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <JoinButton size="lg" variant="secondary" launchedLabel={LAUNCH_TEXTS.startTrialLong} />
              <Link
                to="/"
                className="inline-flex min-h-12 items-center justify-center rounded-lg px-6 text-base font-semibold text-white ring-1 ring-white/60 hover:bg-blue-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-white"
              >
                Back to home
              </Link>
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}
