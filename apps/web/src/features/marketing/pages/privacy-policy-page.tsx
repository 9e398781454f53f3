import { PageHeader } from '@/components/ui/page-header';

export function PrivacyPolicyPage() {
  return (
    <>
      <title>Privacy policy · Keyturn</title>
      <PageHeader title="Privacy policy" description="Our privacy policy will appear here." />
    </>
  );
}
