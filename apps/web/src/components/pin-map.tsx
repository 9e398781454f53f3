// A property's pin on the map (issue 16): click the map or drag the pin to place it. Loaded lazily with
// Leaflet, only when the property form shows the position section.
import 'leaflet/dist/leaflet.css';
import { divIcon } from 'leaflet';
import { MapContainer, Marker, TileLayer, useMapEvents } from 'react-leaflet';

const PIN = divIcon({
  className: '',
  html: '<span style="display:block;width:22px;height:22px;border-radius:50%;background:#1d4ed8;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.4)"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 11],
});

/** The middle of the contiguous United States, for a property with no position yet. */
const US_CENTRE: [number, number] = [39.8, -98.6];

function ClickToPlace({ onPlace }: { onPlace: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPlace(e.latlng.lat, e.latlng.lng) });
  return null;
}

export default function PinMap({
  lat,
  lng,
  tileUrl,
  attribution,
  onPlace,
}: {
  lat: number | null;
  lng: number | null;
  tileUrl: string | null;
  attribution: string;
  onPlace: (lat: number, lng: number) => void;
}) {
  const placed = lat !== null && lng !== null;
  return (
    <MapContainer
      center={placed ? [lat, lng] : US_CENTRE}
      zoom={placed ? 15 : 4}
      scrollWheelZoom={false}
      className="h-56 w-full rounded-lg border border-slate-200 bg-slate-100"
      aria-label="Map: click or drag the pin to place the property"
    >
      {tileUrl ? <TileLayer url={tileUrl} attribution={attribution} /> : null}
      <ClickToPlace onPlace={onPlace} />
      {placed ? (
        <Marker
          position={[lat, lng]}
          icon={PIN}
          draggable
          eventHandlers={{
            dragend: (e) => {
              const p = (e.target as { getLatLng: () => { lat: number; lng: number } }).getLatLng();
              onPlace(p.lat, p.lng);
            },
          }}
        />
      ) : null}
    </MapContainer>
  );
}
