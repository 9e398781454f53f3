import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { json, renderAt, stubApi } from '@/test/utils';
import { riverside } from '../test-fixtures';
import { PropertyFormDialog } from './property-form-dialog';

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
  map: { tile_url: null, attribution: '© OpenStreetMap contributors', attribution_url: null },
};

/** The test geocoder: one place per street. */
const found = (body: unknown) =>
  (body as { address: string }).address === '9 New Rd'
    ? { lat: 30.3001, lng: -97.7002 }
    : { lat: 30.2, lng: -97.8 };

function renderEdit(position: object = unplaced) {
  const api = stubApi({
    'GET /properties/7/position': () => json(200, { success: true, data: position }),
    'PUT /properties/7/position': (call) =>
      json(200, { success: true, data: { ...unplaced, ...(call.body as object) } }),
    'POST /routes/find-address': (call) => json(200, { success: true, data: found(call.body) }),
    'PUT /properties/7': (call) =>
      json(200, { success: true, data: { ...riverside, ...(call.body as object) } }),
  });
  const onClose = vi.fn();
  renderAt(<PropertyFormDialog open property={riverside} onClose={onClose} />);
  return { api, onClose, dialog: screen.getByRole('dialog', { name: 'Edit property' }) };
}

describe('property pin: part of the one "Save changes" (issues 16, 29)', () => {
  it('without a geocoder the form says so; typed coordinates are saved by "Save changes" — there is no second save', async () => {
    const { api, onClose, dialog } = renderEdit();
    expect(await within(dialog).findByText(ROUTE_MESSAGES.geocoderOff)).toBeTruthy();
    expect(within(dialog).getByText(ROUTE_MESSAGES.tilesOff)).toBeTruthy();
    expect(within(dialog).queryByRole('button', { name: 'Save position' })).toBeNull();
    await userEvent.type(within(dialog).getByLabelText('Latitude'), '30.25');
    await userEvent.type(within(dialog).getByLabelText('Longitude'), '-97.75');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT', '/properties/7')).toHaveLength(1);
    expect(api.callsTo('PUT', '/properties/7/position').map((c) => c.body)).toEqual([
      { lat: 30.25, lng: -97.75 },
    ]);
  });

  it('a pin placed on the map is saved the same way; coordinates out of range stop the save with a message', async () => {
    const { api, onClose, dialog } = renderEdit();
    await userEvent.click(await within(dialog).findByRole('button', { name: 'place on map' }));
    expect((within(dialog).getByLabelText('Latitude') as HTMLInputElement).value).toBe('30.267200');
    const lat = within(dialog).getByLabelText('Latitude');
    await userEvent.clear(lat);
    await userEvent.type(lat, '95');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    expect(await within(dialog).findByText('Latitude is between -90 and 90')).toBeTruthy();
    expect(api.callsTo('PUT', '/properties/7')).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole('button', { name: 'place on map' }));
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect(api.callsTo('PUT', '/properties/7/position')[0]!.body).toEqual({ lat: 30.2672, lng: -97.7431 });
  });

  it('placed by the address typed in the form: the pin moves there and "Save changes" saves it after the property', async () => {
    const { api, onClose, dialog } = renderEdit({ ...unplaced, geocoder_configured: true });
    await within(dialog).findByRole('button', { name: ROUTE_MESSAGES.findOnMap });
    expect(within(dialog).queryByText(ROUTE_MESSAGES.geocoderOff)).toBeNull();
    const address = within(dialog).getByLabelText('Address');
    await userEvent.clear(address);
    await userEvent.type(address, '9 New Rd');
    await userEvent.click(within(dialog).getByRole('button', { name: ROUTE_MESSAGES.findOnMap }));
    expect(await within(dialog).findByRole('status')).toHaveTextContent('Pin placed at the address');
    expect((api.callsTo('POST', '/routes/find-address')[0]!.body as { address: string }).address).toBe(
      '9 New Rd',
    );
    expect(within(dialog).getByLabelText('Latitude')).toHaveValue('30.300100');
    await userEvent.click(within(dialog).getByRole('button', { name: 'Save changes' }));
    await vi.waitFor(() => expect(onClose).toHaveBeenCalled());
    expect((api.callsTo('PUT', '/properties/7')[0]!.body as { address: string }).address).toBe('9 New Rd');
    expect(api.callsTo('PUT', '/properties/7/position').map((c) => c.body)).toEqual([
      { lat: 30.3001, lng: -97.7002 },
    ]);
  });
});
