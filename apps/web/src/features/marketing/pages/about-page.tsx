import { PageHeader } from '@/components/ui/page-header';

export function AboutPage() {
  return (
    <>
      <title>About · Keyturn</title>
      <PageHeader
        title="About Keyturn"
        description="The story behind Keyturn, what it does and who it is for will appear here."
      />
    </>
  );
}
