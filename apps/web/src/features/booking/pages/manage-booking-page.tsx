import { CenteredPage } from '@/components/centered-page';
import { PageHeader } from '@/components/ui/page-header';

export function ManageBookingPage() {
  return (
    <CenteredPage wide>
      <title>Manage your booking · Keyturn</title>
      <PageHeader
        title="Manage your booking"
        description="The details of your booking and the options to change or cancel it will appear here."
      />
    </CenteredPage>
  );
}
