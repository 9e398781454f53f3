import { CenteredPage } from '@/components/centered-page';
import { PageHeader } from '@/components/ui/page-header';

export function BookingPage() {
  return (
    <CenteredPage wide>
      <title>Book a viewing · Keyturn</title>
      <PageHeader
        title="Book a viewing"
        description="The agent's booking calendar, where you pick a date and time for your viewing, will appear here."
      />
    </CenteredPage>
  );
}
