import { PageHeader } from '@/components/ui/page-header';

export function BookingsPage() {
  return (
    <>
      <title>Bookings · Keyturn</title>
      <PageHeader title="Bookings" description="Your bookings will be listed here." />
    </>
  );
}
