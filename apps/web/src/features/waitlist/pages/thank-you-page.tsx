import { PageHeader } from '@/components/ui/page-header';

export function ThankYouPage() {
  return (
    <>
      <title>Thank you · Keyturn</title>
      <PageHeader
        title="Thank you for joining the waiting list"
        description="What happens next, and the benefits reserved for waiting-list members, will appear here."
      />
    </>
  );
}
