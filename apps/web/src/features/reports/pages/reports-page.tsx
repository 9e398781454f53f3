import { PageHeader } from '@/components/ui/page-header';

export function ReportsPage() {
  return (
    <>
      <title>Reports · Keyturn</title>
      <PageHeader
        title="Reports"
        description="Reports on your showings, leads and bookings come in a later release."
      />
    </>
  );
}
