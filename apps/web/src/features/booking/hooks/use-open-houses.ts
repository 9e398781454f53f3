// Issue 44 "Open houses with capacity": a property's open houses still to come, with the places left per 30-minute
// time (GET /booking/open-houses/:propertyId; [] when none). Asked again whenever the calendar shows (places go
// while the buyer looks); a failure shows nothing, the page books as before.
import { useQuery } from '@tanstack/react-query';
import type { OpenHouseView } from '@keyturn/domain/schemas/openHouses';
import { api } from '@/lib/api';

export const openHousesKey = (propertyId: number) => ['booking', 'open-houses', propertyId] as const;

export function useOpenHouses(propertyId: number) {
  return useQuery({
    queryKey: openHousesKey(propertyId),
    queryFn: () =>
      api
        .get<{ data: OpenHouseView[] }>(`/booking/open-houses/${encodeURIComponent(propertyId)}`)
        .then((body) => body.data),
    staleTime: 0,
  });
}
