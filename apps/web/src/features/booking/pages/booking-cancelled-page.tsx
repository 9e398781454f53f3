import { CenteredPage } from '@/components/centered-page';
import { PageHeader } from '@/components/ui/page-header';

export function BookingCancelledPage() {
  return (
    <CenteredPage wide>
      <title>Booking cancelled · Keyturn</title>
      <PageHeader
        title="Booking cancelled"
        description="The confirmation of your cancelled booking will appear here."
      />
    </CenteredPage>
  );
}
