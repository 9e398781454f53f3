import { PageHeader } from '@/components/ui/page-header';

export function WaitingListPage() {
  return (
    <>
      <title>Join the waiting list · Keyturn</title>
      <PageHeader
        title="Join the waiting list"
        description="The waiting-list sign-up form will appear here."
      />
    </>
  );
}
