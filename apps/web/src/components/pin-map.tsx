// A pin on the map (issues 16, 30): the office's or a property's. Click the map or drag the pin to place it;
// a place found from the address moves the map there. Loaded lazily with Leaflet, only by the forms that
// show a position.
import 'leaflet/dist/leaflet.css';
import { useEffect } from 'react';
import { divIcon } from 'leaflet';
import { MapContainer, Marker, useMap, useMapEvents } from 'react-leaflet';
import type { MapTiles } from '@keyturn/domain/schemas/routes';
import { MapBase } from './map-base';

const PIN = divIcon({
  className: '',
  html: '<span style="display:block;width:22px;height:22px;border-radius:50%;background:#1d4ed8;border:3px solid #fff;box-shadow:0 1px 4px rgba(0,0,0,.4)"></span>',
  iconSize: [22, 22],
  iconAnchor: [11, 11],
});

/** The middle of the contiguous United States, for a place with no position yet. */
const US_CENTRE: [number, number] = [39.8, -98.6];
/** Close enough to see the street the pin is on. */
const STREET_ZOOM = 16;

function ClickToPlace({ onPlace }: { onPlace: (lat: number, lng: number) => void }) {
  useMapEvents({ click: (e) => onPlace(e.latlng.lat, e.latlng.lng) });
  return null;
}

/** Brings a pin placed from outside (found from the address, typed) into view, close up. */
function FollowPin({ lat, lng }: { lat: number; lng: number }) {
  const map = useMap();
  useEffect(() => {
    if (map.getZoom() < 12 || !map.getBounds().contains([lat, lng]))
      map.setView([lat, lng], Math.max(map.getZoom(), STREET_ZOOM));
  }, [map, lat, lng]);
  return null;
}

export default function PinMap({
  lat,
  lng,
  map,
  label,
  onPlace,
}: {
  lat: number | null;
  lng: number | null;
  map: MapTiles;
  /** The map's accessible name: what the pin places. */
  label: string;
  onPlace: (lat: number, lng: number) => void;
}) {
  const placed = lat !== null && lng !== null;
  return (
    <MapContainer
      center={placed ? [lat, lng] : US_CENTRE}
      zoom={placed ? STREET_ZOOM : 4}
      scrollWheelZoom={false}
      attributionControl={false}
      className="h-64 w-full rounded-lg border border-slate-200 bg-slate-100"
      aria-label={label}
    >
      <MapBase map={map} />
      <ClickToPlace onPlace={onPlace} />
      {placed ? (
        <>
          <FollowPin lat={lat} lng={lng} />
          <Marker
            position={[lat, lng]}
            icon={PIN}
            draggable
            title="Drag to the exact place"
            eventHandlers={{
              dragend: (e) => {
                const p = (e.target as { getLatLng: () => { lat: number; lng: number } }).getLatLng();
                onPlace(p.lat, p.lng);
              },
            }}
          />
        </>
      ) : null}
    </MapContainer>
  );
}
