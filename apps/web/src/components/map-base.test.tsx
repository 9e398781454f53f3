// Issue 30: every map carries the tile server's attribution — "© OpenStreetMap contributors" linked to the
// copyright page by default — in Leaflet's own corner control, escaped (the text comes from the server's
// settings); the pin can be dragged to a place. Real Leaflet in jsdom.
import { fireEvent, render, waitFor } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { MapContainer } from 'react-leaflet';
import { attributionHtml, MapBase } from './map-base';
import PinMap from './pin-map';

const OSM = {
  tile_url: 'http://127.0.0.1:9/tiles/{z}/{x}/{y}.png',
  attribution: '© OpenStreetMap contributors',
  attribution_url: 'https://www.openstreetmap.org/copyright',
};

describe('map attribution (issue 30)', () => {
  it('is rendered in the corner as a link to the copyright page', async () => {
    const { container } = render(
      <MapContainer center={[30.27, -97.74]} zoom={14} attributionControl={false}>
        <MapBase map={OSM} />
      </MapContainer>,
    );
    await waitFor(() => expect(container.querySelector('.leaflet-control-attribution a')).not.toBeNull());
    const link = container.querySelector('.leaflet-control-attribution a')!;
    expect(link.textContent).toBe('© OpenStreetMap contributors');
    expect(link.getAttribute('href')).toBe('https://www.openstreetmap.org/copyright');
    expect(container.querySelector('.leaflet-control-attribution')!.textContent).toBe(
      '© OpenStreetMap contributors',
    );
  });

  it('escapes the text and links only http(s) pages; no tiles, no attribution', () => {
    expect(attributionHtml({ ...OSM, attribution: '<img src=x onerror=alert(1)>' })).toBe(
      '<a href="https://www.openstreetmap.org/copyright" target="_blank" rel="noopener noreferrer">&lt;img src=x onerror=alert(1)&gt;</a>',
    );
    expect(attributionHtml({ ...OSM, attribution_url: 'javascript:alert(1)' })).toBe(
      '© OpenStreetMap contributors',
    );
    const { container } = render(
      <MapContainer center={[30.27, -97.74]} zoom={14} attributionControl={false}>
        <MapBase map={{ ...OSM, tile_url: null }} />
      </MapContainer>,
    );
    expect(container.querySelector('.leaflet-control-attribution')).toBeNull();
  });
});

describe('the pin (issue 30)', () => {
  it('dragged to another place reports where it was dropped', async () => {
    const onPlace = vi.fn();
    const { container } = render(<PinMap lat={30.27} lng={-97.74} map={OSM} label="Map" onPlace={onPlace} />);
    const pin = await waitFor(() => {
      const icon = container.querySelector<HTMLElement>('.leaflet-marker-icon');
      expect(icon).not.toBeNull();
      return icon!;
    });
    fireEvent.mouseDown(pin, { clientX: 100, clientY: 100, button: 0, which: 1 });
    fireEvent.mouseMove(pin, { clientX: 160, clientY: 130, button: 0, which: 1 });
    fireEvent.mouseMove(pin, { clientX: 200, clientY: 160, button: 0, which: 1 });
    fireEvent.mouseUp(pin, { clientX: 200, clientY: 160, button: 0, which: 1 });
    await waitFor(() => expect(onPlace).toHaveBeenCalledTimes(1));
    const [lat, lng] = onPlace.mock.calls[0] as [number, number];
    // 100 px right and 60 px down at zoom 16: east and south of where it was, by a few hundred metres.
    expect(lng).toBeGreaterThan(-97.74);
    expect(lat).toBeLessThan(30.27);
    expect(Math.abs(lng + 97.74)).toBeLessThan(0.01);
  });
});
