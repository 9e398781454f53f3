// Where a saved property is on the map (issue 16): geocoded from its address when a geocoder is configured;
// the agent corrects the pin by dragging it, clicking the map or typing the coordinates — and without a
// geocoder places it that way (the section says so). Its own save: it is not part of the property's body.
import { lazy, Suspense, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUTE_MESSAGES } from '@keyturn/domain/messages';
import type { PropertyPosition } from '@keyturn/domain/schemas/routes';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';

const PinMap = lazy(() => import('@/components/pin-map'));

export function PropertyPinField({ propertyId }: { propertyId: number }) {
  const client = useQueryClient();
  const key = ['properties', propertyId, 'position'];
  const position = useQuery({
    queryKey: key,
    queryFn: () =>
      api.get<{ data: PropertyPosition }>(`/properties/${propertyId}/position`).then((r) => r.data),
  });
  const save = useMutation({
    mutationFn: (place: { lat: number; lng: number }) =>
      api.put<{ data: PropertyPosition }>(`/properties/${propertyId}/position`, place).then((r) => r.data),
    onSuccess: (data) => client.setQueryData(key, data),
  });
  const [draft, setDraft] = useState<{ lat: string; lng: string } | null>(null);
  if (!position.data) return null;
  const p = position.data;
  const lat = draft ? draft.lat : (p.lat?.toFixed(6) ?? '');
  const lng = draft ? draft.lng : (p.lng?.toFixed(6) ?? '');
  const latNumber = lat === '' ? null : Number(lat);
  const lngNumber = lng === '' ? null : Number(lng);
  const valid =
    latNumber !== null && lngNumber !== null && Number.isFinite(latNumber) && Number.isFinite(lngNumber);

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">Map position</legend>
      <p className="text-sm text-slate-600">
        {p.geocoder_configured
          ? 'Placed from the address when the property is saved. Drag the pin or click the map to correct it.'
          : ROUTE_MESSAGES.noGeocoderNote}
      </p>
      <Suspense fallback={<div className="h-56 rounded-lg bg-slate-100" />}>
        <PinMap
          lat={valid ? latNumber : null}
          lng={valid ? lngNumber : null}
          tileUrl={p.map.tile_url}
          attribution={p.map.attribution}
          onPlace={(la, ln) => setDraft({ lat: la.toFixed(6), lng: ln.toFixed(6) })}
        />
      </Suspense>
      {p.map.tile_url ? null : <p className="text-xs text-slate-500">{ROUTE_MESSAGES.noTilesNote}</p>}
      <div className="grid gap-3 sm:grid-cols-[1fr_1fr_auto] sm:items-end">
        <TextField
          label="Latitude"
          inputMode="decimal"
          value={lat}
          onChange={(e) => setDraft({ lat: e.target.value, lng })}
        />
        <TextField
          label="Longitude"
          inputMode="decimal"
          value={lng}
          onChange={(e) => setDraft({ lat, lng: e.target.value })}
        />
        <Button
          variant="secondary"
          disabled={!valid || save.isPending || draft === null}
          onClick={() =>
            valid && save.mutate({ lat: latNumber, lng: lngNumber }, { onSuccess: () => setDraft(null) })
          }
        >
          Save position
        </Button>
      </div>
      {save.isError ? <ErrorAlert>{save.error.message}</ErrorAlert> : null}
      {save.isSuccess && draft === null ? (
        <p role="status" className="text-sm text-green-700">
          Position saved.
        </p>
      ) : null}
    </fieldset>
  );
}
