import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROUTE_MESSAGES } from '@keyturn/domain/messages';
import { json, renderAt, stubApi } from '@/test/utils';
import { PropertyPinField } from './property-pin-field';

// The Leaflet map is its own lazy module; here a stand-in that "clicks the map" at a known place.
vi.mock('@/components/pin-map', () => ({
  default: ({ onPlace }: { onPlace: (lat: number, lng: number) => void }) => (
    <button type="button" onClick={() => onPlace(30.2672, -97.7431)}>
      place on map
    </button>
  ),
}));

const unplaced = {
  property_id: 7,
  lat: null,
  lng: null,
  geocoder_configured: false,
  map: { tile_url: null, attribution: '© OpenStreetMap contributors' },
};

describe('property pin (issue 16)', () => {
  it('without a geocoder the form says so; a pin placed on the map is saved with its own call', async () => {
    const api = stubApi({
      'GET /properties/7/position': () => json(200, { success: true, data: unplaced }),
      'PUT /properties/7/position': (call) =>
        json(200, { success: true, data: { ...unplaced, ...(call.body as object) } }),
    });
    renderAt(<PropertyPinField propertyId={7} />);
    expect(await screen.findByText(ROUTE_MESSAGES.noGeocoderNote)).toBeTruthy();
    expect(screen.getByText(ROUTE_MESSAGES.noTilesNote)).toBeTruthy();
    const save = screen.getByRole('button', { name: 'Save position' });
    expect((save as HTMLButtonElement).disabled).toBe(true);
    await userEvent.click(await screen.findByRole('button', { name: 'place on map' }));
    expect((screen.getByLabelText('Latitude') as HTMLInputElement).value).toBe('30.267200');
    await userEvent.click(save);
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Position saved.');
    expect(api.callsTo('PUT', '/properties/7/position')[0]!.body).toEqual({ lat: 30.2672, lng: -97.7431 });
  });
});
