// The day's map (issue 16): numbered markers in visiting order and the route line, on the configured tiles
// with their attribution (issue 30).
// Leaflet and react-leaflet load with this module only (the My day page imports it lazily).
import 'leaflet/dist/leaflet.css';
import { CircleMarker, MapContainer, Polyline, Tooltip } from 'react-leaflet';
import type { LatLngBoundsExpression } from 'leaflet';
import type { MapTiles } from '@keyturn/domain/schemas/routes';
import { MapBase } from '@/components/map-base';

export type MapStop = { id: string; label: string; lat: number; lng: number; warn: boolean };

export default function DayMap({
  stops,
  line,
  map,
}: {
  stops: MapStop[];
  line: [number, number][];
  map: MapTiles;
}) {
  const points: [number, number][] = [...stops.map((s) => [s.lat, s.lng] as [number, number]), ...line];
  const bounds: LatLngBoundsExpression =
    points.length > 0
      ? points
      : [
          [30.2, -97.8],
          [30.3, -97.7],
        ];
  return (
    <MapContainer
      bounds={bounds}
      boundsOptions={{ padding: [24, 24] }}
      scrollWheelZoom={false}
      attributionControl={false}
      className="h-72 w-full rounded-xl border border-slate-200 bg-slate-100 sm:h-96"
      aria-label="Map of the day's showings"
    >
      <MapBase map={map} />
      {line.length > 1 ? <Polyline positions={line} pathOptions={{ color: '#2563eb', weight: 4 }} /> : null}
      {stops.map((stop, k) => (
        <CircleMarker
          key={stop.id}
          center={[stop.lat, stop.lng]}
          radius={11}
          pathOptions={{
            color: '#fff',
            weight: 2,
            fillColor: stop.warn ? '#dc2626' : '#1d4ed8',
            fillOpacity: 1,
          }}
        >
          <Tooltip permanent direction="right" offset={[10, 0]}>
            <span aria-label={`${k + 1}. ${stop.label}`}>{k + 1}</span>
          </Tooltip>
        </CircleMarker>
      ))}
    </MapContainer>
  );
}
