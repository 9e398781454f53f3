import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { json, renderAt, stubApi } from '@/test/utils';
import { TourBuilder } from './tour-builder';

const property = (id: number, address: string) => ({
  id,
  public_id: `p${id}`,
  agent_id: 'a',
  address,
  city: 'Austin',
  state: 'TX',
  zip_code: '78701',
  price: 1,
  bedrooms: 1,
  bathrooms: 1,
  property_type: 'Residential',
  images: [],
  is_public: true,
});

const tour = {
  date: '2030-01-08',
  time_zone: 'America/Chicago',
  buyer: null,
  feasible: true,
  stops: [
    {
      property_id: 2,
      address: '3 Ash Rd',
      starts_at: '2030-01-08T15:00:00.000Z',
      ends_at: '2030-01-08T15:30:00.000Z',
      drive_minutes: null,
      problem: null,
    },
    {
      property_id: 1,
      address: '1 Elm St',
      starts_at: '2030-01-08T16:00:00.000Z',
      ends_at: '2030-01-08T16:30:00.000Z',
      drive_minutes: 3,
      problem: null,
    },
  ],
  total_drive_minutes: 3,
  drive_source: 'estimated',
  note: null,
};

describe('the tour builder on My day (issue 16)', () => {
  it("proposes the server's order and times for the picked properties and saves the one invitation link", async () => {
    const api = stubApi({
      'GET /properties': () =>
        json(200, { success: true, data: [property(1, '1 Elm St'), property(2, '3 Ash Rd')] }),
      'POST /tours/propose': () => json(200, { success: true, data: tour }),
      'POST /tours': () =>
        json(201, { success: true, data: { id: 't', invite_url: 'http://localhost/tour/abc', tour } }),
    });
    renderAt(<TourBuilder date="2030-01-08" />);
    const propose = screen.getByRole('button', { name: 'Propose tour' });
    await userEvent.click(await screen.findByLabelText('1 Elm St'));
    expect(propose).toBeDisabled();
    await userEvent.click(screen.getByLabelText('3 Ash Rd'));
    await userEvent.click(propose);
    const list = await screen.findByRole('list', { name: 'Proposed tour' });
    expect(
      within(list)
        .getAllByRole('listitem')
        .map((li) => li.textContent),
    ).toEqual(['1. 9:00 AM · 3 Ash Rd', '2. 10:00 AM · 1 Elm St (3 min drive before)']);
    expect(api.callsTo('POST', '/tours/propose')[0]!.body).toEqual({
      date: '2030-01-08',
      property_ids: [1, 2],
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save and get the invitation link' }));
    expect(await screen.findByLabelText('Invitation link')).toHaveValue('http://localhost/tour/abc');
    expect(api.callsTo('POST', '/tours')[0]!.body).toEqual({
      date: '2030-01-08',
      stops: [
        { property_id: 2, starts_at: '2030-01-08T15:00:00.000Z' },
        { property_id: 1, starts_at: '2030-01-08T16:00:00.000Z' },
      ],
    });
  });
});
