// Issue 44 "Open houses with capacity": on the calendar of a property being booked, its open houses to register
// for. The calendar step carries only this: the list is asked for once the page has mounted (the server renders
// without it), and the panel's code comes in its own chunk only when the property has an open house to come. Not
// offered for a consultation, on a team's page, or while rescheduling.
import { lazy, Suspense } from 'react';
import { useMounted } from '@/lib/use-mounted';
import { useBookedProperty } from '../hooks/use-booked-property';
import type { BookedProperty } from '../hooks/use-booked-property';
import { useOpenHouses } from '../hooks/use-open-houses';

const OpenHousePanel = lazy(() => import('./open-house-panel').then((m) => ({ default: m.OpenHousePanel })));

export function OpenHouseOffer() {
  const booked = useBookedProperty();
  const mounted = useMounted();
  return booked && mounted ? <Listed {...booked} /> : null;
}

function Listed(booked: BookedProperty) {
  const openHouses = useOpenHouses(booked.propertyId);
  if (!openHouses.data?.length) return null;
  return (
    <Suspense fallback={null}>
      <OpenHousePanel {...booked} openHouses={openHouses.data} />
    </Suspense>
  );
}
