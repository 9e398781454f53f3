import { PageHeader } from '@/components/ui/page-header';

export function SettingsPage() {
  return (
    <>
      <title>Settings · Keyturn</title>
      <PageHeader
        title="Settings"
        description="Your account, availability and calendar settings will appear here."
      />
    </>
  );
}
