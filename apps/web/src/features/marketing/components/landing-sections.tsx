// The landing page below its first screen (spec §2.3: demo, features, showcases, how it works, pricing, FAQ,
// testimonials, call to action) and the footer with its resources: a part of its own that the page loads lazily
// (decision 036). The server loads it before rendering `/`, so the HTML holds every section; the browser
// hydrates the hero at once and these sections when their code arrives, right after.
import { useEffect } from 'react';
import type { RefObject } from 'react';
import { useLocation } from '@/lib/router';
import { Container, SectionHeading, SiteFooter } from '@/components/site-chrome';
import { ButtonLink } from '@/components/ui/button';
import { JoinButton } from '@/components/join-button';
import { LAUNCH_TEXTS } from '@keyturn/domain/launch';
import { useLaunched } from '@/lib/launch';
import { DemoWalkthrough } from './demo-walkthrough';
import { Faq } from './faq';
import { PricingTable } from './pricing-table';
import { AVAILABLE_FEATURES, FeatureGrid } from './product-features';
import { Resources } from './resources';
import { Showcases } from './showcases';
import { LANDING_TESTIMONIALS, Testimonials } from './testimonials';

const HOW_IT_WORKS = [
  {
    title: 'Create your profile',
    text: 'Your name, photo, company, brand colour and time zone: what buyers see on your page.',
  },
  {
    title: 'Add your properties',
    text: 'Address, price, rooms and photos. Each property gets its own booking link.',
  },
  {
    title: 'Start Booking',
    text: 'Share your booking links with buyers and receive confirmed appointments on your dashboard.',
  },
];

/** The sections after the hero; `demoRuns` restarts the walkthrough (the hero's Watch Demo). */
export function LandingSections({
  demoRef,
  demoRuns,
}: {
  demoRef: RefObject<HTMLElement | null>;
  demoRuns: number;
}) {
  const launched = useLaunched();
  return (
    <>
      <section
        id="demo"
        ref={demoRef}
        tabIndex={-1}
        aria-labelledby="demo-title"
        className="below-fold scroll-mt-16 py-16 focus:outline-none sm:py-24"
      >
        <Container>
          <SectionHeading
            id="demo-title"
            eyebrow="Demo"
            title="From link to confirmed showing"
            intro="A walkthrough of the real app: what your buyer sees, and where the booking ends up."
          />
          <div className="mt-12">
            <DemoWalkthrough key={demoRuns} autoPlay={demoRuns > 0 ? true : undefined} />
          </div>
        </Container>
      </section>

      <section
        id="features"
        aria-labelledby="features-title"
        className="below-fold scroll-mt-16 py-16 sm:py-24"
      >
        <Container>
          <SectionHeading
            id="features-title"
            eyebrow="Features"
            title="Everything a showing needs"
            intro="What Keyturn does today, built for the way agents actually work."
          />
          <FeatureGrid features={AVAILABLE_FEATURES} top="mt-12" />
          <p className="mt-8 text-center">
            <ButtonLink to="/features" variant="ghost">
              All features, and what is coming next
            </ButtonLink>
          </p>
        </Container>
      </section>

      <Showcases />

      <section aria-labelledby="how-title" className="below-fold py-16 sm:py-24">
        <Container>
          <SectionHeading id="how-title" eyebrow="How it works" title="Up and running in three steps" />
          <ol className="mt-12 grid grid-cols-1 gap-6 md:grid-cols-3">
            {HOW_IT_WORKS.map((step, index) => (
              <li key={step.title} className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
                <span
                  aria-hidden="true"
                  className="inline-flex size-10 items-center justify-center rounded-full bg-blue-600 text-base font-bold text-white"
                >
                  {index + 1}
                </span>
                <h3 className="mt-4 text-lg font-semibold text-slate-900">{step.title}</h3>
                <p className="mt-2 text-base leading-7 text-slate-600">{step.text}</p>
              </li>
            ))}
          </ol>
        </Container>
      </section>

      <section
        id="pricing"
        aria-labelledby="pricing-title"
        className="below-fold scroll-mt-16 bg-slate-50 py-16 sm:py-24"
      >
        <Container>
          <SectionHeading
            id="pricing-title"
            eyebrow="Pricing"
            title="Simple plans that grow with you"
            intro="Start free. Move up when your listings do."
          />
          <div className="mt-10">
            <PricingTable />
          </div>
        </Container>
      </section>

      <section id="faq" aria-labelledby="faq-title" className="below-fold scroll-mt-16 py-16 sm:py-24">
        <Container>
          <SectionHeading id="faq-title" eyebrow="FAQ" title="Questions agents ask" />
          <div className="mt-10">
            <Faq />
          </div>
        </Container>
      </section>

      <section aria-labelledby="testimonials-title" className="below-fold bg-slate-50 py-16 sm:py-24">
        <Container>
          <SectionHeading
            id="testimonials-title"
            eyebrow="Testimonials"
            title="Made for the way agents work"
          />
          <div className="mt-10">
            <Testimonials items={LANDING_TESTIMONIALS} />
          </div>
        </Container>
      </section>

      <section aria-labelledby="cta-title" className="below-fold py-16 sm:py-24">
        <Container>
          <div className="rounded-3xl bg-blue-700 px-6 py-14 text-center shadow-xl sm:px-12">
            <h2 id="cta-title" className="text-3xl font-bold tracking-tight text-white sm:text-4xl">
              {launched ? LAUNCH_TEXTS.ctaTitle : 'Be first in line'}
            </h2>
            <p className="mx-auto mt-4 max-w-xl text-lg leading-8 text-blue-50">
              {launched
                ? LAUNCH_TEXTS.ctaText
                : 'Join the waiting list for priority access and a lifetime discount on every paid plan.'}
            </p>
            <div className="mt-8 flex justify-center">
              <JoinButton size="lg" variant="secondary" launchedLabel={LAUNCH_TEXTS.startTrialLong} />
            </div>
          </div>
        </Container>
      </section>
    </>
  );
}

/** The site footer with the resources (the anchors #api, #blog …), and the scroll to the one the address names. */
export function LandingFooter() {
  useScrollToHash(useLocation().hash);
  return (
    <SiteFooter>
      <Resources />
    </SiteFooter>
  );
}

/** Arriving at /#api from another page: the section exists only once this part has rendered. */
function useScrollToHash(hash: string) {
  useEffect(() => {
    if (!hash) return;
    document.getElementById(decodeURIComponent(hash.slice(1)))?.scrollIntoView();
  }, [hash]);
}
