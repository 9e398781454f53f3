import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROUTE_MESSAGES } from '@keyturn/domain/routes/messages';
import { json, renderAt, stubApi } from '@/test/utils';
import { OfficeSetting } from './office-setting';

// The Leaflet map is its own lazy module; here a stand-in that "clicks the map" at a known place.
vi.mock('@/components/pin-map', () => ({
  default: ({ onPlace }: { onPlace: (lat: number, lng: number) => void }) => (
    <button type="button" onClick={() => onPlace(30.2672, -97.5871)}>
      place on map
    </button>
  ),
}));

const settings = {
  cluster_by_area: true,
  office: null,
  geocoder_configured: false,
  map: { tile_url: null, attribution: '© OpenStreetMap contributors', attribution_url: null },
};

describe('the office start point (issue 16)', () => {
  it("without a geocoder the form says so and shows the server's field message; a pin placed on the map saves", async () => {
    let first = true;
    const api = stubApi({
      'PUT /routes/office': (call) => {
        if (first) {
          first = false;
          return json(400, {
            error: ROUTE_MESSAGES.officePinRequired,
            code: 'VALIDATION_ERROR',
            fields: { lat: ROUTE_MESSAGES.officePinRequired },
          });
        }
        const { lat, lng, ...address } = call.body as { lat: number; lng: number };
        return json(200, { success: true, data: { ...settings, office: { address, lat, lng } } });
      },
    });
    renderAt(<OfficeSetting settings={settings} />);
    expect(screen.getByText(ROUTE_MESSAGES.geocoderOff)).toBeTruthy();
    await userEvent.type(screen.getByLabelText('Office address'), '9 Far Rd');
    await userEvent.type(screen.getByLabelText('City'), 'Austin');
    await userEvent.type(screen.getByLabelText('State'), 'TX');
    await userEvent.type(screen.getByLabelText('ZIP code'), '78701');
    await userEvent.click(screen.getByRole('button', { name: 'Save office' }));
    // The message sits under the latitude input (linked for screen readers) and in the alert.
    expect(await screen.findByLabelText('Office latitude')).toHaveAccessibleDescription(
      ROUTE_MESSAGES.officePinRequired,
    );
    await userEvent.click(await screen.findByRole('button', { name: 'place on map' }));
    await userEvent.click(screen.getByRole('button', { name: 'Save office' }));
    expect(await screen.findByRole('status')).toHaveProperty('textContent', 'Office saved.');
    expect(api.callsTo('PUT', '/routes/office')[1]!.body).toEqual({
      address: '9 Far Rd',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
      lat: 30.2672,
      lng: -97.5871,
    });
  });

  it('placed by its address: "Find the address on the map" moves the pin, "Save office" saves it; coordinates are collapsed', async () => {
    const found = { lat: 30.2711, lng: -97.7437 };
    const api = stubApi({
      'POST /routes/find-address': (call) =>
        (call.body as { address: string }).address === '1 Nowhere Way'
          ? json(400, {
              error: ROUTE_MESSAGES.addressNotFound,
              code: 'ADDRESS_NOT_FOUND',
              fields: { address: ROUTE_MESSAGES.addressNotFound },
            })
          : json(200, { success: true, data: found }),
      'PUT /routes/office': (call) => {
        const { lat, lng, ...address } = call.body as { lat: number; lng: number };
        return json(200, { success: true, data: { ...settings, office: { address, lat, lng } } });
      },
    });
    renderAt(<OfficeSetting settings={{ ...settings, geocoder_configured: true }} />);
    expect(screen.queryByText(ROUTE_MESSAGES.geocoderOff)).toBeNull();
    // Typing coordinates is the fallback: collapsed.
    expect(screen.getByText(ROUTE_MESSAGES.enterCoordinates).closest('details')!.open).toBe(false);
    await userEvent.type(screen.getByLabelText('Office address'), '1 Nowhere Way');
    await userEvent.type(screen.getByLabelText('City'), 'Austin');
    await userEvent.type(screen.getByLabelText('State'), 'TX');
    await userEvent.type(screen.getByLabelText('ZIP code'), '78701');
    await userEvent.click(screen.getByRole('button', { name: ROUTE_MESSAGES.findOnMap }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ROUTE_MESSAGES.addressNotFound);
    await userEvent.clear(screen.getByLabelText('Office address'));
    await userEvent.type(screen.getByLabelText('Office address'), '200 Congress Ave');
    await userEvent.click(screen.getByRole('button', { name: ROUTE_MESSAGES.findOnMap }));
    expect(await screen.findByRole('status')).toHaveTextContent('Pin placed at the address');
    expect(api.callsTo('POST', '/routes/find-address')[1]!.body).toEqual({
      address: '200 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
    });
    expect(screen.getByLabelText('Office latitude')).toHaveValue('30.271100');
    expect(api.callsTo('PUT', '/routes/office')).toHaveLength(0);
    await userEvent.click(screen.getByRole('button', { name: 'Save office' }));
    await vi.waitFor(() => expect(api.callsTo('PUT', '/routes/office')).toHaveLength(1));
    expect(api.callsTo('PUT', '/routes/office')[0]!.body).toEqual({
      address: '200 Congress Ave',
      city: 'Austin',
      state: 'TX',
      zip_code: '78701',
      lat: 30.2711,
      lng: -97.7437,
    });
  });
});
