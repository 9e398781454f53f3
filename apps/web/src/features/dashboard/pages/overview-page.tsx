import { PageHeader } from '@/components/ui/page-header';

export function DashboardOverviewPage() {
  return (
    <>
      <title>Dashboard · Keyturn</title>
      <PageHeader
        title="Dashboard"
        description="Your overview of today's showings and recent activity will appear here."
      />
    </>
  );
}
