import { PageHeader } from '@/components/ui/page-header';

export function SuccessStoriesPage() {
  return (
    <>
      <title>Success stories · Keyturn</title>
      <PageHeader
        title="Success stories"
        description="Stories from agents who schedule their showings with Keyturn will appear here."
      />
    </>
  );
}
