import { useRef } from 'react';
import { WAITLIST } from '@keyturn/domain/constants';
import { Container, PageMeta, SectionHeading } from '@/components/site-chrome';
import { PageSection } from '@/components/page-section';
import { ButtonLink } from '@/components/ui/button';
import { LAUNCH_TEXTS } from '@keyturn/domain/launch';
import { useLaunched, useTrialPath } from '@/lib/launch';
import { prefersReducedMotion } from '@/lib/reduced-motion';
import { ScreenshotCarousel } from '../components/screenshot-carousel';
import { WaitlistForm } from '../components/waitlist-form';
import { WaitlistPlans } from '../components/waitlist-plans';
import { SCREENSHOTS } from '../content';
import { BoltIcon, CrownIcon, MailIcon } from '@/components/marks';

const PERKS = [
  { Icon: CrownIcon, text: `${WAITLIST.discountPercent}% off every paid plan, for life` },
  { Icon: BoltIcon, text: `Priority access for the first ${WAITLIST.priorityUsers} agents` },
  { Icon: MailIcon, text: `Launch news first: we open in ${WAITLIST.launch}` },
];

/** The app's real screens, before and after launch. */
function Screens() {
  return (
    <PageSection
      id="screens-title"
      eyebrow="See it in action"
      title="Real screens from the app"
      intro="Select a screenshot to see it full size."
    >
      <div className="mt-10 sm:px-6">
        <ScreenshotCarousel slides={SCREENSHOTS} label="Screenshots of Keyturn" />
      </div>
    </PageSection>
  );
}

/**
 * /waiting-list once the server is launched (issue 40): the list is closed — no form, no launch date — and
 * the page leads to the trial and sign-up. Entries already on the list keep their discount at checkout.
 */
function ClosedWaitingList() {
  const trial = useTrialPath();
  return (
    <>
      <PageMeta title="Waiting list closed · Keyturn" description={LAUNCH_TEXTS.waitlistClosedText} />
      <section aria-labelledby="waitlist-title" className="relative overflow-hidden">
        <Container className="relative py-14 text-center sm:py-20">
          <p className="inline-flex items-center gap-2 rounded-full border border-slate-200 bg-white px-3 py-1 text-xs font-semibold text-slate-700 shadow-sm">
            {LAUNCH_TEXTS.waitlistClosedBadge}
          </p>
          <h1
            id="waitlist-title"
            className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-5xl"
          >
            {LAUNCH_TEXTS.waitlistClosedTitle}
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-slate-600 sm:text-xl">
            {LAUNCH_TEXTS.waitlistClosedText}
          </p>
          <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
            <ButtonLink to={trial} size="lg">
              {LAUNCH_TEXTS.startTrialLong}
            </ButtonLink>
            <ButtonLink to="/sign-up" size="lg" variant="secondary">
              {LAUNCH_TEXTS.signUp}
            </ButtonLink>
          </div>
        </Container>
      </section>
      <Screens />
    </>
  );
}

/** /waiting-list (spec §2.5); closed once the server is launched. */
export function WaitingListPage() {
  return useLaunched() ? <ClosedWaitingList /> : <OpenWaitingList />;
}

function OpenWaitingList() {
  const formRef = useRef<HTMLElement>(null);

  const bookDemo = () => {
    const section = formRef.current;
    if (!section) return;
    section.scrollIntoView({ behavior: prefersReducedMotion() ? 'auto' : 'smooth', block: 'start' });
    section.querySelector<HTMLInputElement>('input')?.focus({ preventScroll: true });
  };

  return (
    <>
      <PageMeta
        title="Join the waiting list · Keyturn"
        description={`Calendly for real-estate agents: join the Keyturn waiting list for priority access and ${WAITLIST.discountPercent}% off every paid plan for life.`}
      />
      <section aria-labelledby="waitlist-title" className="relative overflow-hidden">
        <div
          aria-hidden="true"
          className="pointer-events-none absolute inset-0 bg-[radial-gradient(60rem_30rem_at_50%_-5rem,var(--color-blue-100),transparent)]"
        />
        <Container className="relative py-14 text-center sm:py-20">
          <p className="inline-flex items-center gap-2 rounded-full border border-blue-200 bg-white px-3 py-1 text-xs font-semibold text-blue-800 shadow-sm">
            <span className="size-1.5 rounded-full bg-blue-600" aria-hidden="true" />
            Waiting list · launching {WAITLIST.launch}
          </p>
          <h1
            id="waitlist-title"
            className="mx-auto mt-6 max-w-3xl text-4xl font-extrabold tracking-tight text-slate-900 sm:text-6xl"
          >
            Calendly for Real Estate Agents
          </h1>
          <p className="mx-auto mt-5 max-w-2xl text-lg leading-8 text-slate-600 sm:text-xl">
            A branded booking page for every agent and every listing. Buyers book viewings from their phone;
            you see every showing on one dashboard.
          </p>
          <div className="mt-8 flex justify-center">
            <button
              type="button"
              onClick={bookDemo}
              className="inline-flex min-h-12 items-center justify-center rounded-lg bg-blue-600 px-6 text-base font-semibold text-white shadow-sm hover:bg-blue-700 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 focus-visible:ring-offset-2"
            >
              Book your Demo
            </button>
          </div>
          <ul className="mx-auto mt-10 grid grid-cols-1 max-w-4xl gap-4 text-left sm:grid-cols-3">
            {PERKS.map(({ Icon, text }) => (
              <li
                key={text}
                className="flex items-center gap-3 rounded-xl border border-slate-200 bg-white p-4 shadow-sm"
              >
                <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-blue-50 text-blue-700">
                  <Icon className="size-5" />
                </span>
                <span className="text-sm font-medium text-slate-800">{text}</span>
              </li>
            ))}
          </ul>
        </Container>
      </section>

      <Screens />

      <PageSection
        id="plans-title"
        tinted
        eyebrow="Waiting-list pricing"
        title={`${WAITLIST.discountPercent}% off, for life`}
        intro="Basic stays free forever. Join now and keep the lower price on the paid plans for as long as you use Keyturn."
      >
        <div className="mt-10">
          <WaitlistPlans />
        </div>
      </PageSection>

      <section id="join" ref={formRef} aria-labelledby="join-title" className="scroll-mt-20 py-14 sm:py-20">
        <Container>
          <div className="mx-auto grid grid-cols-1 max-w-5xl gap-10 lg:grid-cols-2 lg:items-start">
            <div>
              <SectionHeading
                id="join-title"
                align="left"
                eyebrow="Book your demo"
                title="Join the waiting list"
                intro="Tell us who you are and we will show you Keyturn before it opens to everyone."
              />
              <ul className="mt-8 space-y-3 text-base text-slate-700">
                {PERKS.map(({ text }) => (
                  <li key={text} className="flex gap-3">
                    <span aria-hidden="true" className="mt-2 size-1.5 shrink-0 rounded-full bg-blue-600" />
                    {text}
                  </li>
                ))}
              </ul>
            </div>
            <div className="rounded-2xl border border-slate-200 bg-white p-6 shadow-lg sm:p-8">
              <WaitlistForm />
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}
