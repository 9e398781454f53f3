// Found walking issue 29's journeys (04-optimise, 04-tour-proposed): an agent who never saved their hours works
// the default ones (Monday to Friday, 9:00 to 17:00). Saving an office or the route settings wrote the agent's
// settings row, and from then on the stored availability was "no day at all": no public time, Optimise
// "No order fits…", a tour that "does not fit". The defaults must stay until the agent saves hours.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import { createTestApp, type TestApp } from './app';
import { makeAgent } from './fixtures';

const now = new Date('2030-01-07T17:00:00Z');
let t: TestApp;
beforeAll(async () => {
  t = await createTestApp({ now: () => now });
});
afterAll(() => t.close());

describe('the default hours of an agent who never saved any', () => {
  it('stay after the office and the route settings are saved', async () => {
    const agent = await makeAgent(t, { plan: 'pro', timeZone: 'America/New_York', availability: null });
    const slots = async () =>
      (
        await t.request({ method: 'GET', url: `/api/booking/availability/agent/${agent.id}/2030-01-08` })
      ).json().availableSlots as string[];
    const before = await slots();
    expect(before[0]).toBe('09:00:00');

    const office = await t.request({
      method: 'PUT',
      url: '/api/routes/office',
      token: agent.token,
      payload: {
        address: '200 Lavaca St',
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
        lat: 30.268,
        lng: -97.746,
      },
    });
    expect(office.statusCode).toBe(200);
    expect(await slots()).toEqual(before);
    const settings = await t.request({
      method: 'PUT',
      url: '/api/routes/settings',
      token: agent.token,
      payload: { cluster_by_area: false },
    });
    expect(settings.statusCode).toBe(200);
    expect(await slots()).toEqual(before);
    const hours = await t.request({ method: 'GET', url: '/api/availability', token: agent.token });
    expect(hours.json().data.days).toEqual(DEFAULT_AVAILABILITY.days);
  });
});
