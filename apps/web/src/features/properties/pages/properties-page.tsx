import { PageHeader } from '@/components/ui/page-header';

export function PropertiesPage() {
  return (
    <>
      <title>Properties · Keyturn</title>
      <PageHeader title="Properties" description="Your properties will be listed here." />
    </>
  );
}
