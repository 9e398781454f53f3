import { PageHeader } from '@/components/ui/page-header';

export function PricingPage() {
  return (
    <>
      <title>Pricing · Keyturn</title>
      <PageHeader title="Pricing" description="The plans and their prices will appear here." />
    </>
  );
}
