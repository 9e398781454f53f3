// What every map draws under its markers (issues 16, 30): the tiles, loaded by the browser straight from the
// configured tile server (OpenStreetMap's standard tiles by default), and the attribution its usage policy asks
// for — "© OpenStreetMap contributors" linked to the copyright page, in the map's corner. Imported only by the
// lazily loaded map modules, so Leaflet never reaches a page that shows no map.
import { AttributionControl, TileLayer } from 'react-leaflet';
import type { MapTiles } from '@keyturn/domain/schemas/routes';

const escapeHtml = (text: string) =>
  text.replace(
    /[&<>"']/g,
    (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] ?? c,
  );

/** The attribution as Leaflet's control shows it (HTML): the text escaped, linked when an http(s) page is given. */
export function attributionHtml(map: MapTiles): string {
  const text = escapeHtml(map.attribution);
  if (!map.attribution_url || !/^https?:\/\//.test(map.attribution_url)) return text;
  return `<a href="${escapeHtml(map.attribution_url)}" target="_blank" rel="noopener noreferrer">${text}</a>`;
}

/**
 * The tiles (none when the street map is switched off) and the attribution control. The tile requests carry
 * the page's origin as their Referer (OpenStreetMap's tile policy asks for one; the site's own policy sends
 * none), and only the tiles in view are requested: no bulk or background loading.
 */
export function MapBase({ map }: { map: MapTiles }) {
  if (!map.tile_url) return null;
  return (
    <>
      <TileLayer
        url={map.tile_url}
        attribution={attributionHtml(map)}
        referrerPolicy="strict-origin-when-cross-origin"
        maxZoom={19}
      />
      <AttributionControl position="bottomright" prefix={false} />
    </>
  );
}
