// The overview's first steps are persisted per agent on the server: each step is done when it is true (a
// property, saved or kept hours, a shared link or a first booking), dismissing is remembered, and one agent's
// marks never show for another.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import type { Onboarding } from '@keyturn/domain/schemas/agentSettings';
import { createTestApp, type TestApp } from './app';
import { insertBooking } from '../src/modules/bookings/service';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => {
  await t?.close();
});

async function onboardingOf(agent: TestAgent): Promise<Onboarding> {
  const res = await t.request({ method: 'GET', url: '/api/agents/dashboard', token: agent.token });
  expect(res.statusCode).toBe(200);
  return res.json<{ data: { onboarding: Onboarding } }>().data.onboarding;
}

const mark = (agent: TestAgent, value: unknown) =>
  t.request({ method: 'POST', url: '/api/agents/onboarding', token: agent.token, payload: { mark: value } });

describe('onboarding flags', () => {
  it('a new agent has nothing done and the card is not dismissed', async () => {
    const agent = await makeAgent(t, { availability: null });
    expect(await onboardingOf(agent)).toEqual({
      property: false,
      hours: false,
      link: false,
      dismissed: false,
    });
  });

  it('"Add a property" is done once a property exists', async () => {
    const agent = await makeAgent(t, { availability: null });
    await makeProperty(t, agent.id);
    expect((await onboardingOf(agent)).property).toBe(true);
  });

  it('"Set your hours" is done when availability is saved, or when the default hours are kept', async () => {
    const saved = await makeAgent(t, { availability: null });
    const put = await t.request({
      method: 'PUT',
      url: '/api/availability',
      token: saved.token,
      payload: DEFAULT_AVAILABILITY,
    });
    expect(put.statusCode).toBe(200);
    expect((await onboardingOf(saved)).hours).toBe(true);

    const kept = await makeAgent(t, { availability: null });
    const res = await mark(kept, 'hours');
    expect(res.statusCode).toBe(200);
    expect(res.json<{ data: Onboarding }>().data.hours).toBe(true);
    expect((await onboardingOf(kept)).hours).toBe(true);
  });

  it('"Share your link" is done when the link was copied or shown as a QR code, or a first booking came in', async () => {
    const shared = await makeAgent(t, { availability: null });
    expect((await mark(shared, 'link')).statusCode).toBe(200);
    expect((await mark(shared, 'link')).statusCode).toBe(200);
    expect((await onboardingOf(shared)).link).toBe(true);

    const booked = await makeAgent(t);
    expect((await onboardingOf(booked)).link).toBe(false);
    await insertBooking(t.database.db, {
      agentId: booked.id,
      clientName: 'First Buyer',
      clientEmail: 'first.buyer@example.com',
      clientPhone: '+1 212 555 0101',
      buyerType: 'investor',
      bookingPurpose: 'property_valuation',
      status: 'confirmed',
      startsAt: new Date('2031-02-03T15:00:00Z'),
      endsAt: new Date('2031-02-03T15:30:00Z'),
    });
    expect((await onboardingOf(booked)).link).toBe(true);
  });

  it('dismissing is remembered, and marks are the caller’s own', async () => {
    const a = await makeAgent(t, { availability: null });
    const b = await makeAgent(t, { availability: null });
    await mark(a, 'dismissed');
    await mark(a, 'link');
    expect(await onboardingOf(a)).toEqual({ property: false, hours: false, link: true, dismissed: true });
    expect(await onboardingOf(b)).toEqual({ property: false, hours: false, link: false, dismissed: false });
  });

  it('refuses an unknown mark with a 400 and changes nothing; needs a signed-in agent', async () => {
    const agent = await makeAgent(t, { availability: null });
    const bad = await mark(agent, 'property');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toMatchObject({ code: 'VALIDATION_ERROR' });
    expect(await onboardingOf(agent)).toEqual({
      property: false,
      hours: false,
      link: false,
      dismissed: false,
    });
    const anonymous = await t.request({
      method: 'POST',
      url: '/api/agents/onboarding',
      payload: { mark: 'link' },
    });
    expect(anonymous.statusCode).toBe(401);
  });
});
