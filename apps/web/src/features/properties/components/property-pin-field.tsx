// Where a saved property is on the map (issues 16, 30): placed from its address (on save when it has no
// position, or "Find the address on the map" in the form) or by dragging the pin / clicking the map; typing
// the coordinates is the collapsed fallback (components/place-on-map.tsx). It is part of the property form's
// one save (issue 29): the dialog's "Save changes" saves the property, then the position placed here (its
// own endpoint).
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { placePropertySchema, type PropertyPosition } from '@keyturn/domain/schemas/routes';
import { PlaceOnMap, type PostalAddress } from '@/components/place-on-map';
import { api } from '@/lib/api';

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
  address,
  draft,
  errors,
  onDraft,
}: {
  propertyId: number;
  /** The form's address as typed now. */
  address: () => PostalAddress;
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

  return (
    <fieldset className="space-y-3 rounded-lg border border-slate-200 p-4">
      <legend className="px-1 text-sm font-medium text-slate-800">Map position</legend>
      {p.geocoder_configured ? (
        <p className="text-sm text-slate-600">
          Without a pin, saving places the property from its address. &ldquo;Save changes&rdquo; keeps the
          pin.
        </p>
      ) : null}
      <PlaceOnMap
        address={address}
        geocoderOn={p.geocoder_configured}
        map={p.map}
        lat={lat}
        lng={lng}
        errors={errors}
        onChange={(la, ln) => onDraft({ lat: la, lng: ln })}
        labels={{
          map: 'Map: drag the pin or click the map to place the property',
          lat: 'Latitude',
          lng: 'Longitude',
        }}
      />
    </fieldset>
  );
}
