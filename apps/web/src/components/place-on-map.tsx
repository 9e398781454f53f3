// Placing the office or a property on the map (issue 30): by its address ("Find the address on the map" asks
// the server's geocoder and moves the pin there) or by dragging the pin / clicking the map; typing the
// coordinates is the fallback, collapsed under "Enter coordinates instead". Nothing is saved here: the
// form around it saves the position with everything else (one save per form, decision 040). When finding
// addresses or the street map is switched off on the server, it says so in plain words.
import { lazy, Suspense, useState } from 'react';
import { useMutation } from '@tanstack/react-query';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import type { MapTiles } from '@keyturn/domain/schemas/routes';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { api, ApiError } from '@/lib/api';

const PinMap = lazy(() => import('@/components/pin-map'));

export type PostalAddress = { address: string; city: string; state: string; zip_code: string };
export type CoordinateErrors = { lat?: string | undefined; lng?: string | undefined };

/** Where the server's geocoder places an address (nothing is saved). */
function useFindAddress() {
  return useMutation({
    mutationFn: (address: PostalAddress) =>
      api.post<{ data: { lat: number; lng: number } }>('/routes/find-address', address).then((r) => r.data),
  });
}

const failureText = (error: Error) =>
  error instanceof ApiError ? (Object.values(error.fields)[0] ?? error.message) : error.message;

export function PlaceOnMap({
  address,
  geocoderOn,
  map,
  lat,
  lng,
  errors,
  onChange,
  labels,
}: {
  /** The form's address as typed, read when the agent asks to find it. */
  address: () => PostalAddress;
  geocoderOn: boolean;
  map: MapTiles;
  /** The coordinates as typed or placed (text). */
  lat: string;
  lng: string;
  errors: CoordinateErrors | null;
  onChange: (lat: string, lng: string) => void;
  labels: { map: string; lat: string; lng: string };
}) {
  const find = useFindAddress();
  const [found, setFound] = useState(false);
  const latNumber = lat.trim() === '' ? NaN : Number(lat);
  const lngNumber = lng.trim() === '' ? NaN : Number(lng);
  const pinned =
    Number.isFinite(latNumber) &&
    Number.isFinite(lngNumber) &&
    Math.abs(latNumber) <= 90 &&
    Math.abs(lngNumber) <= 180;
  const place = (la: number, ln: number) => {
    setFound(false);
    onChange(la.toFixed(6), ln.toFixed(6));
  };
  const coordinateTrouble = Boolean(errors?.lat || errors?.lng);

  return (
    <div className="space-y-3">
      {geocoderOn ? (
        <div className="flex flex-wrap items-center gap-3">
          <Button
            variant="secondary"
            disabled={find.isPending}
            onClick={() =>
              find.mutate(address(), {
                onSuccess: (p) => {
                  onChange(p.lat.toFixed(6), p.lng.toFixed(6));
                  setFound(true);
                },
              })
            }
          >
            {find.isPending ? ROUTE_MESSAGES.findingOnMap : ROUTE_MESSAGES.findOnMap}
          </Button>
          {found ? (
            <p role="status" className="text-sm text-green-700">
              Pin placed at the address. Drag it to the exact spot if needed.
            </p>
          ) : (
            <p className="text-sm text-slate-600">Or drag the pin, or click the map where it is.</p>
          )}
        </div>
      ) : (
        <p className="text-sm text-slate-600">{ROUTE_MESSAGES.geocoderOff}</p>
      )}
      {find.isError ? <ErrorAlert>{failureText(find.error)}</ErrorAlert> : null}
      <Suspense fallback={<div className="h-64 rounded-lg bg-slate-100" />}>
        <PinMap
          lat={pinned ? latNumber : null}
          lng={pinned ? lngNumber : null}
          map={map}
          label={labels.map}
          onPlace={place}
        />
      </Suspense>
      {map.tile_url ? null : <p className="text-sm text-slate-600">{ROUTE_MESSAGES.tilesOff}</p>}
      <details open={coordinateTrouble || undefined} className="rounded-lg border border-slate-200 px-3 py-2">
        <summary className="cursor-pointer text-sm font-medium text-slate-700">
          {ROUTE_MESSAGES.enterCoordinates}
        </summary>
        <div className="mt-3 grid gap-3 sm:grid-cols-2">
          <TextField
            label={labels.lat}
            inputMode="decimal"
            value={lat}
            error={errors?.lat}
            onChange={(e) => onChange(e.target.value, lng)}
          />
          <TextField
            label={labels.lng}
            inputMode="decimal"
            value={lng}
            error={errors?.lng}
            onChange={(e) => onChange(lat, e.target.value)}
          />
        </div>
      </details>
    </div>
  );
}
