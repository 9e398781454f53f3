import { CenteredPage } from '@/components/centered-page';
import { PageHeader } from '@/components/ui/page-header';

export function RescheduleBookingPage() {
  return (
    <CenteredPage wide>
      <title>Reschedule your booking · Keyturn</title>
      <PageHeader
        title="Reschedule your booking"
        description="The calendar for choosing a new time for your booking will appear here."
      />
    </CenteredPage>
  );
}
