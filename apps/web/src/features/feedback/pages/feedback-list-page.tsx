import { PageHeader } from '@/components/ui/page-header';

export function FeedbackListPage() {
  return (
    <>
      <title>Feedback · Keyturn</title>
      <PageHeader
        title="Feedback"
        description="Feedback from buyers after their viewings comes in a later release."
      />
    </>
  );
}
