// Where a saved property is on the map (issue 16): geocoded from its address when a geocoder is configured;
// the agent corrects the pin by dragging it, clicking the map or typing the coordinates — and without a
// geocoder places it that way (the section says so). It is part of the property form's one save (issue 29):
// the dialog's "Save changes" saves the property, then the position typed or placed here (its own endpoint).
import { lazy, Suspense } from 'react';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { ROUTE_MESSAGES } from '@keyturn/domain/messages';
import { placePropertySchema, type PropertyPosition } from '@keyturn/domain/schemas/routes';
import { TextField } from '@/components/ui/text-field';
import { api } from '@/lib/api';

const PinMap = lazy(() => import('@/components/pin-map'));

/** The coordinates as typed or placed, not yet saved; null: unchanged. */
export type PinDraft = { lat: string; lng: string } | null;
export type PinErrors = { lat?: string | undefined; lng?: string | undefined };

const positionKey = (propertyId: number) => ['properties', propertyId, 'position'];
const asNumber = (text: string) => (text.trim() === '' ? undefined : Number(text));

/** The draft checked by the server's schema: the place to save, or the messages per coordinate. */
export function checkPin(draft: NonNullable<PinDraft>) {
  const parsed = placePropertySchema.safeParse({ lat: asNumber(draft.lat), lng: asNumber(draft.lng) });
  if (parsed.success) return { place: parsed.data, errors: null };
  const errors: PinErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0] === 'lng' ? 'lng' : 'lat';
    errors[field] ??= issue.message;
  }
  return { place: null, errors };
}

/** Saves a position (the property form calls it after the property itself) and shows it at once. */
export function useSavePosition(propertyId: number | null) {
  const client = useQueryClient();
  return async (place: { lat: number; lng: number }) => {
    if (propertyId === null) return;
    const saved = await api
      .put<{ data: PropertyPosition }>(`/properties/${propertyId}/position`, place)
      .then((r) => r.data);
    client.setQueryData(positionKey(propertyId), saved);
  };
}

export function PropertyPinField({
  propertyId,
  draft,
  errors,
  onDraft,
}: {
  propertyId: number;
  draft: PinDraft;
  errors: PinErrors | null;
  onDraft: (draft: NonNullable<PinDraft>) => void;
}) {
  const position = useQuery({
    queryKey: positionKey(propertyId),
    queryFn: () =>
      api.get<{ data: PropertyPosition }>(`/properties/${propertyId}/position`).then((r) => r.data),
  });
  if (!position.data) return null;
  const p = position.data;
  const lat = draft ? draft.lat : (p.lat?.toFixed(6) ?? '');
  const lng = draft ? draft.lng : (p.lng?.toFixed(6) ?? '');
  const place = checkPin({ lat, lng }).place;

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">Map position</legend>
      <p className="text-sm text-slate-600">
        {p.geocoder_configured
          ? 'Placed from the address when the property is saved. Drag the pin or click the map to correct it; "Save changes" keeps it.'
          : ROUTE_MESSAGES.noGeocoderNote}
      </p>
      <Suspense fallback={<div className="h-56 rounded-lg bg-slate-100" />}>
        <PinMap
          lat={place?.lat ?? null}
          lng={place?.lng ?? null}
          tileUrl={p.map.tile_url}
          attribution={p.map.attribution}
          onPlace={(la, ln) => onDraft({ lat: la.toFixed(6), lng: ln.toFixed(6) })}
        />
      </Suspense>
      {p.map.tile_url ? null : <p className="text-xs text-slate-500">{ROUTE_MESSAGES.noTilesNote}</p>}
      <div className="grid gap-3 sm:grid-cols-2">
        <TextField
          label="Latitude"
          inputMode="decimal"
          value={lat}
          error={errors?.lat}
          onChange={(e) => onDraft({ lat: e.target.value, lng })}
        />
        <TextField
          label="Longitude"
          inputMode="decimal"
          value={lng}
          error={errors?.lng}
          onChange={(e) => onDraft({ lat, lng: e.target.value })}
        />
      </div>
    </fieldset>
  );
}
