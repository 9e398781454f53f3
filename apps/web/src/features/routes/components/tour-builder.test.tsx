import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { json, renderAt, stubApi } from '@/test/utils';
import { listedProperty as property } from './tour-fixtures';
import { TourBuilder } from './tour-builder';

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
  open_times: ['2030-01-08T15:00:00.000Z', '2030-01-08T15:30:00.000Z', '2030-01-08T16:00:00.000Z'],
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
    ).toEqual([
      expect.stringContaining('1. 9:00 AM · 3 Ash Rd'),
      expect.stringContaining('2. 10:00 AM · 1 Elm St3 min drive before'),
    ]);
    expect(api.callsTo('POST', '/tours/propose')[0]!.body).toEqual({
      date: '2030-01-08',
      property_ids: [1, 2],
      lead_id: null,
    });
    await userEvent.click(screen.getByRole('button', { name: 'Save and get the invitation link' }));
    expect(await screen.findByLabelText('Invitation link')).toHaveValue('http://localhost/tour/abc');
    expect(api.callsTo('POST', '/tours')[0]!.body).toEqual({
      date: '2030-01-08',
      stops: [
        { property_id: 2, starts_at: '2030-01-08T15:00:00.000Z' },
        { property_id: 1, starts_at: '2030-01-08T16:00:00.000Z' },
      ],
      lead_id: null,
    });
  });

  const tooClose = 'Too close to the stop before: 3 min drive, 0 min gap.';
  /** The proposal above, then the agent's adjustments answered by /tours/check (the first one refused). */
  function adjustApi() {
    return stubApi({
      'GET /properties': () =>
        json(200, { success: true, data: [property(1, '1 Elm St'), property(2, '3 Ash Rd')] }),
      'POST /tours/propose': () => json(200, { success: true, data: tour }),
      'POST /tours/check': (req) => {
        const stops = (req.body as { stops: { property_id: number; starts_at: string }[] }).stops;
        const bad = stops[1]!.starts_at === '2030-01-08T15:30:00.000Z';
        return json(200, {
          success: true,
          data: {
            ...tour,
            feasible: !bad,
            stops: stops.map((s, k) => ({
              ...tour.stops.find((t) => t.property_id === s.property_id)!,
              starts_at: s.starts_at,
              drive_minutes: k === 0 ? null : 3,
              problem: bad && k === 1 ? tooClose : null,
            })),
          },
        });
      },
      'POST /tours': () =>
        json(201, { success: true, data: { id: 't', invite_url: 'http://localhost/tour/abc', tour } }),
    });
  }
  async function proposeBoth() {
    await userEvent.click(await screen.findByLabelText('1 Elm St'));
    await userEvent.click(screen.getByLabelText('3 Ash Rd'));
    await userEvent.click(screen.getByRole('button', { name: 'Propose tour' }));
    await screen.findByRole('list', { name: 'Proposed tour' });
  }

  it("adjusting a stop's time is re-checked by the server; its refusal is shown at that stop and Save stays disabled until it holds", async () => {
    const api = adjustApi();
    renderAt(<TourBuilder date="2030-01-08" />);
    await proposeBoth();
    // The times offered are the server's open instants, labelled in the agent's zone.
    const time = screen.getByLabelText('Time at 1 Elm St');
    expect(
      within(time)
        .getAllByRole('option')
        .map((o) => o.textContent),
    ).toEqual(['9:00 AM', '9:30 AM', '10:00 AM']);
    await userEvent.selectOptions(time, '9:30 AM');
    expect(await screen.findByText(tooClose)).toBeInTheDocument();
    expect(screen.getByLabelText('Time at 1 Elm St')).toHaveAccessibleDescription(tooClose);
    expect(api.callsTo('POST', '/tours/check')[0]!.body).toEqual({
      date: '2030-01-08',
      lead_id: null,
      stops: [
        { property_id: 2, starts_at: '2030-01-08T15:00:00.000Z' },
        { property_id: 1, starts_at: '2030-01-08T15:30:00.000Z' },
      ],
    });
    const saveButton = screen.getByRole('button', { name: 'Save and get the invitation link' });
    expect(saveButton).toBeDisabled();
    // Back to a time that holds: the refusal goes, Save is enabled and sends the adjusted tour.
    await userEvent.selectOptions(screen.getByLabelText('Time at 1 Elm St'), '10:00 AM');
    await vi.waitFor(() => expect(screen.queryByText(tooClose)).not.toBeInTheDocument());
    expect(saveButton).toBeEnabled();
    expect(api.callsTo('POST', '/tours/check')).toHaveLength(2);
  });

  it('moves a stop earlier with a labelled button (keyboard): the times keep their places and the new order is re-checked', async () => {
    const api = adjustApi();
    renderAt(<TourBuilder date="2030-01-08" />);
    await proposeBoth();
    expect(screen.getByRole('button', { name: 'Move 3 Ash Rd earlier' })).toBeDisabled();
    screen.getByRole('button', { name: 'Move 1 Elm St earlier' }).focus();
    await userEvent.keyboard('{Enter}');
    await vi.waitFor(() => expect(api.callsTo('POST', '/tours/check')).toHaveLength(1));
    expect(api.callsTo('POST', '/tours/check')[0]!.body).toMatchObject({
      stops: [
        { property_id: 1, starts_at: '2030-01-08T15:00:00.000Z' },
        { property_id: 2, starts_at: '2030-01-08T16:00:00.000Z' },
      ],
    });
    const list = screen.getByRole('list', { name: 'Proposed tour' });
    await vi.waitFor(() =>
      expect(within(list).getAllByRole('listitem')[0]).toHaveTextContent('1. 9:00 AM · 1 Elm St'),
    );
    expect(screen.getByRole('button', { name: 'Save and get the invitation link' })).toBeEnabled();
  });

  it('a tour planned from a lead sends the lead and names the buyer the server prefilled', async () => {
    const api = stubApi({
      'GET /properties': () =>
        json(200, { success: true, data: [property(1, '1 Elm St'), property(2, '3 Ash Rd')] }),
      'POST /tours/propose': () =>
        json(200, {
          success: true,
          data: { ...tour, buyer: { name: 'Tori Tour', email: 'tori@example.com', phone: '' } },
        }),
    });
    renderAt(<TourBuilder date="2030-01-08" leadId="lead-7" />);
    await proposeBoth();
    expect(screen.getByText('For Tori Tour (tori@example.com)')).toBeInTheDocument();
    expect(api.callsTo('POST', '/tours/propose')[0]!.body).toMatchObject({ lead_id: 'lead-7' });
  });
});
