import { useEffect, useRef, useState } from 'react';
import { Link, useLocation } from '@/lib/router';
import { WAITLIST } from '@keyturn/domain/constants';
import { PLANS } from '@keyturn/domain/plans';
import { Container, PageMeta } from '@/components/site-chrome';
import { IconTile, PageSection } from '@/components/page-section';
import { ButtonLink } from '@/components/ui/button';
import { trackConversion } from '@/lib/analytics';
import { BoltIcon, CheckIcon, ChevronLeftIcon, CrownIcon, MailIcon } from '@/components/marks';
import type { ThankYouState } from '../components/waitlist-form';
import { formatUsd } from '../format';

const NEXT_STEPS = [
  {
    title: 'Exclusive Updates',
    text: 'Short e-mails as features land, with early looks at what we are building.',
    Icon: MailIcon,
  },
  {
    title: 'Priority Access',
    text: `The first ${WAITLIST.priorityUsers} agents on the list get in before everyone else when we launch in ${WAITLIST.launch}.`,
    Icon: BoltIcon,
  },
  {
    title: 'VIP Benefits',
    text: `Your ${WAITLIST.discountPercent}% discount on every paid plan, for as long as you use Keyturn.`,
    Icon: CrownIcon,
  },
];

const EXPLORE = [
  { to: '/about', title: 'About Keyturn', text: 'Our mission and who we build for.' },
  { to: '/pricing', title: 'Pricing', text: 'The plans, monthly or yearly.' },
  { to: '/features', title: 'Features', text: 'What the app does today.' },
  { to: '/success-stories', title: 'Success stories', text: 'How agents work with Keyturn.' },
];

const FEATURES = [
  'A branded booking page, and a link for every property',
  'Slots in your time zone, daylight-saving changes included',
  'No double booking, ever',
  'Reschedule and cancel links for buyers',
  'Weekly hours, days off, notice and buffers',
  'One dashboard for every showing',
];

const QUOTES = [
  {
    quote: 'Joined on a Sunday night, and I already know which listings get the first links.',
    name: 'Priya Stonebridge',
    role: 'Independent agent',
  },
  {
    quote: 'The lifetime discount made it an easy yes for our whole office.',
    name: 'Marcus Fairweather',
    role: 'Agency owner',
  },
];

/** /waiting-list/waitlist-thankyou and /waitlist-thankyou (spec §2.6). */
export function ThankYouPage() {
  const name = (useLocation().state as ThankYouState | null)?.name?.trim().split(/\s+/)[0];
  useConversionOnLoad();
  const entered = useEntered();

  return (
    <>
      <PageMeta
        title="You’re on the waiting list · Keyturn"
        description={`You joined the Keyturn waiting list: your ${WAITLIST.discountPercent}% lifetime discount is secured, with priority access for the first ${WAITLIST.priorityUsers} agents at launch in ${WAITLIST.launch}.`}
      />
      <section className="relative overflow-hidden bg-gradient-to-b from-blue-50 to-white">
        <Container className="py-8 sm:py-10">
          <Link
            to="/waiting-list"
            className="inline-flex items-center gap-1.5 rounded text-sm font-medium text-blue-700 hover:text-blue-800 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          >
            <ChevronLeftIcon className="size-4" />
            Waiting list
          </Link>
          <div className="mx-auto max-w-3xl py-10 text-center sm:py-14">
            <span
              aria-hidden="true"
              className={`mx-auto inline-flex size-20 items-center justify-center rounded-full bg-emerald-600 text-white shadow-lg shadow-emerald-900/20 transition duration-700 ease-out ${
                entered ? 'scale-100 rotate-0 opacity-100' : 'scale-50 -rotate-45 opacity-0'
              }`}
            >
              <CheckIcon className="size-10" />
            </span>
            <h1
              className={`mt-8 text-4xl font-extrabold tracking-tight text-slate-900 transition delay-150 duration-700 ease-out sm:text-5xl ${
                entered ? 'translate-y-0 opacity-100' : 'translate-y-4 opacity-0'
              }`}
            >
              {name ? `Welcome aboard, ${name}!` : 'Welcome aboard!'}
            </h1>
            <p className="mt-5 text-lg leading-8 text-slate-600 sm:text-xl">
              You have joined the Keyturn waiting list and secured a {WAITLIST.discountPercent}% lifetime
              discount, applied when you sign up. The first {WAITLIST.priorityUsers} agents get priority
              access when we launch in {WAITLIST.launch}.
            </p>
          </div>
          <div
            role="note"
            aria-label="Your discount"
            className="mx-auto max-w-3xl rounded-2xl bg-blue-700 p-6 text-center text-white shadow-xl sm:p-8"
          >
            <p className="text-sm font-semibold tracking-wide text-blue-100 uppercase">Discount secured</p>
            <p className="mt-2 text-3xl font-extrabold">{WAITLIST.discountPercent}% off for life</p>
            <p className="mt-2 text-base text-blue-50">
              Professional {formatUsd(PLANS.pro.waitlistMonthlyPriceUsd)} instead of{' '}
              {formatUsd(PLANS.pro.monthlyPriceUsd)} a month; Enterprise{' '}
              {formatUsd(PLANS.enterprise.waitlistMonthlyPriceUsd)} instead of{' '}
              {formatUsd(PLANS.enterprise.monthlyPriceUsd)}. Basic stays free.
            </p>
          </div>
        </Container>
      </section>

      <PageSection id="next-title" eyebrow="What happens next" title="What Happens Next?">
        <ol className="mt-10 grid grid-cols-1 gap-6 md:grid-cols-3">
          {NEXT_STEPS.map(({ title, text, Icon }, index) => (
            <li key={title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
              <div className="flex items-center gap-3">
                <IconTile Icon={Icon} />
                <span className="text-sm font-semibold text-slate-600">Step {index + 1}</span>
              </div>
              <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3>
              <p className="mt-2 text-base leading-7 text-slate-600">{text}</p>
            </li>
          ))}
        </ol>
      </PageSection>

      <PageSection id="explore-title" tinted eyebrow="While you wait" title="Explore Keyturn">
        <ul className="mt-10 grid grid-cols-1 gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {EXPLORE.map((card) => (
            <li key={card.to}>
              <Link
                to={card.to}
                className="block h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm transition hover:border-blue-300 hover:shadow-md focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
              >
                <span className="block text-lg font-semibold text-slate-900">{card.title}</span>
                <span className="mt-1 block text-sm text-slate-600">{card.text}</span>
                <span aria-hidden="true" className="mt-4 block text-sm font-semibold text-blue-700">
                  Read more →
                </span>
              </Link>
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection
        id="included-title"
        className="grid grid-cols-1 gap-10 lg:grid-cols-2"
        align="left"
        eyebrow="What you get"
        title="Everything a showing needs"
      >
        <ul className="grid grid-cols-1 gap-3 sm:grid-cols-2">
          {FEATURES.map((feature) => (
            <li key={feature} className="flex gap-3 text-base text-slate-700">
              <CheckIcon className="mt-0.5 size-5 shrink-0 text-blue-600" />
              {feature}
            </li>
          ))}
        </ul>
      </PageSection>

      <PageSection id="voices-title" tinted eyebrow="Testimonials" title="You are in good company">
        <ul className="mx-auto mt-10 grid grid-cols-1 max-w-4xl gap-6 md:grid-cols-2">
          {QUOTES.map((item) => (
            <li key={item.name}>
              <figure className="h-full rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <blockquote className="text-base leading-7 text-slate-700">
                  <p>“{item.quote}”</p>
                </blockquote>
                <figcaption className="mt-4 text-sm">
                  <span className="font-semibold text-slate-900">{item.name}</span>
                  <span className="text-slate-600"> · {item.role}</span>
                </figcaption>
              </figure>
            </li>
          ))}
        </ul>
        <p className="mt-6 text-center text-sm text-slate-600">
          Illustrative quotes from fictional agents, written by the Keyturn team.
        </p>
      </PageSection>

      <section aria-labelledby="thanks-cta-title" className="py-14 sm:py-20">
        <Container>
          <div className="rounded-3xl border border-slate-200 bg-white px-6 py-12 text-center shadow-sm sm:px-12">
            <h2 id="thanks-cta-title" className="text-3xl font-bold tracking-tight text-slate-900">
              Curious what you signed up for?
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg text-slate-600">
              Read why we are building Keyturn, or see the plans your discount applies to.
            </p>
            <div className="mt-8 flex flex-col justify-center gap-3 sm:flex-row">
              <ButtonLink to="/about" size="lg">
                About Keyturn
              </ButtonLink>
              <ButtonLink to="/pricing" size="lg" variant="secondary">
                See pricing
              </ButtonLink>
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}

/** The ad-conversion event (spec §2.6), once per visit of the page and only with analytics consent. */
function useConversionOnLoad() {
  const sent = useRef(false);
  useEffect(() => {
    if (sent.current) return;
    sent.current = true;
    trackConversion('waitlist_signup');
  }, []);
}

/** False on the first paint, true right after: the welcome's transitions run once on arrival. */
function useEntered(): boolean {
  const [entered, setEntered] = useState(false);
  useEffect(() => {
    const frame = window.requestAnimationFrame(() => setEntered(true));
    return () => window.cancelAnimationFrame(frame);
  }, []);
  return entered;
}
