import { ANNUAL_DISCOUNT_PERCENT, TRIAL_DAYS } from '@keyturn/domain/constants';
import { Container, PageHero, PageMeta } from '@/components/site-chrome';
import { PageSection } from '@/components/page-section';
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
      <PageSection id="pricing-faq-title" tinted belowFold eyebrow="FAQ" title="Pricing questions">
        <div className="mt-10">
          <Faq />
        </div>
      </PageSection>
    </>
  );
}
