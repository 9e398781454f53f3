import { PageHeader } from '@/components/ui/page-header';

export function FeaturesPage() {
  return (
    <>
      <title>Features · Keyturn</title>
      <PageHeader
        title="Features"
        description="A tour of what Keyturn does for agents and their buyers will appear here."
      />
    </>
  );
}
