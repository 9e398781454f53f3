import { screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { ROUTE_MESSAGES } from '@keyturn/domain/messages';
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
  map: { tile_url: null, attribution: '© OpenStreetMap contributors' },
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
    expect(screen.getByText(ROUTE_MESSAGES.noGeocoderNote)).toBeTruthy();
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
});
