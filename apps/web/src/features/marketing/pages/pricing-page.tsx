import { ANNUAL_DISCOUNT_PERCENT, TRIAL_DAYS } from '@keyturn/domain/constants';
import { Container, PageHero, PageMeta, SectionHeading } from '@/components/site-chrome';
import { Faq } from '../components/faq';
import { PricingTable } from '../components/pricing-table';

/** /pricing (spec §2.3, §9): the plan cards with the billing switch, then the pricing questions. */
export function PricingPage() {
  return (
    <>
      <PageMeta
        title="Pricing · Keyturn"
        description={`Keyturn plans: Basic is free, Professional and Enterprise start with a ${TRIAL_DAYS}-day free trial, and yearly billing saves ${ANNUAL_DISCOUNT_PERCENT}%.`}
      />
      <PageHero
        eyebrow="Pricing"
        title="Plans for every kind of agent"
        intro="Start free with a few listings, then move up when your business does. Every paid plan starts with a free trial."
      />
      <Container className="py-14 sm:py-20">
        <h2 className="sr-only">Plans</h2>
        <PricingTable />
      </Container>
      <section aria-labelledby="pricing-faq-title" className="bg-slate-50 py-14 sm:py-20">
        <Container>
          <SectionHeading id="pricing-faq-title" eyebrow="FAQ" title="Pricing questions" />
          <div className="mt-10">
            <Faq />
          </div>
        </Container>
      </section>
    </>
  );
}
