import { CenteredPage } from '@/components/centered-page';
import { PageHeader } from '@/components/ui/page-header';

export function FeedbackFormPage() {
  return (
    <CenteredPage wide>
      <title>Share your feedback · Keyturn</title>
      <PageHeader
        title="Share your feedback"
        description="The form for telling your agent how the viewing went will appear here."
      />
    </CenteredPage>
  );
}
