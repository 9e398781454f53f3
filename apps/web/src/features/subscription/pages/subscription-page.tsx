import { PageHeader } from '@/components/ui/page-header';

export function SubscriptionPage() {
  return (
    <>
      <title>Subscription · Keyturn</title>
      <PageHeader title="Subscription" description="Your plan and its limits will appear here." />
    </>
  );
}
