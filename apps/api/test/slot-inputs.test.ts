// The public paths' one-statement read (issue 18, decision 019): readSlotInputs answers exactly what the
// step-by-step reads of the agent's own pages answer (slotRulesFor, busyIntervals, requiresApproval), for an
// agent found by id, by property id and by property public id, and nothing for an unknown or hidden subject.
import { DEFAULT_SHOWING_RULES } from '@keyturn/domain/listing/showingRules';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eq } from 'drizzle-orm';
import { DEFAULT_AVAILABILITY } from '@keyturn/domain/schemas/availability';
import { agentSettings, availabilitySettings, bookings, properties } from '../src/db/schema';
import { readScheduleVersion, readSlotInputs } from '../src/modules/availability/slot-inputs';
import {
  busyIntervals,
  replaceAvailability,
  requiresApproval,
  slotRulesFor,
} from '../src/modules/availability/service';
import { createTestApp, type TestApp } from './app';
import { makeAgent, makeCalendarBusy, makeProperty } from './fixtures';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(async () => t.close());

const from = new Date('2030-03-08T12:00:00Z');
const to = new Date('2030-03-13T12:00:00Z');

function booking(agentId: string, startsAt: string, status: string, n: number) {
  const start = new Date(startsAt);
  return {
    agentId,
    clientName: 'Casey Buyer',
    clientEmail: 'casey@example.com',
    clientPhone: '+1 646 555 0199',
    buyerType: 'first_time_buyer',
    bookingPurpose: 'property_viewing',
    status: status as 'confirmed',
    startsAt: start,
    endsAt: new Date(start.getTime() + 30 * 60_000),
    manageToken: `slot-inputs-token-${agentId}-${n}`,
    publicId: `slot-inputs-public-${agentId}-${n}`,
  };
}

const sortBusy = (busy: { start: number; end: number }[]) =>
  [...busy].sort((a, b) => a.start - b.start || a.end - b.end);

describe('readSlotInputs: the slot inputs in one statement', () => {
  it('answers what slotRulesFor + busyIntervals + requiresApproval answer, by agent, property id and public id', async () => {
    const agent = await makeAgent(t, {
      timeZone: 'America/New_York',
      availability: {
        ...DEFAULT_AVAILABILITY,
        overrides: [
          { date: '2030-03-12', is_available: false, intervals: [] },
          { date: '2030-03-10', is_available: true, intervals: [{ start: '10:00', end: '12:30' }] },
        ],
        minimum_notice_minutes: 90,
        buffer_minutes: 15,
        requires_approval: true,
      },
    });
    const propertyId = await makeProperty(t, agent.id);
    const db = t.database.db;
    await db.insert(bookings).values([
      { ...booking(agent.id, '2030-03-09T15:00:00Z', 'confirmed', 1), propertyId },
      booking(agent.id, '2030-03-10T15:00:00Z', 'pending', 2),
      booking(agent.id, '2030-03-10T16:00:00Z', 'cancelled', 3), // not busy
      booking(agent.id, '2030-03-08T11:45:00Z', 'confirmed', 4), // overlaps the span's start
      booking(agent.id, '2030-03-20T15:00:00Z', 'confirmed', 5), // outside the span
    ]);
    await makeCalendarBusy(t, agent.id, '2030-03-11T13:00:00Z', '2030-03-11T17:00:00Z');
    const [ignored] = await db
      .select({ id: bookings.id })
      .from(bookings)
      .where(eq(bookings.manageToken, `slot-inputs-token-${agent.id}-1`));

    const [property] = await db
      .select({ publicId: properties.publicId })
      .from(properties)
      .where(eq(properties.id, propertyId));
    const publicId = property!.publicId;
    const expected = {
      agentId: agent.id,
      timeZone: 'America/New_York',
      rules: await slotRulesFor(db, { id: agent.id, timeZone: agent.timeZone }),
      busy: sortBusy(await busyIntervals(db, agent.id, from, to)),
      requiresApproval: await requiresApproval(db, agent.id),
    };
    expect(expected.busy).toHaveLength(4);
    expect(expected.requiresApproval).toBe(true);
    // Travel-aware slots (issue 16) read the plan, the switch and the property's pin from the same statement.
    await db.update(properties).set({ lat: 30.2672, lng: -97.7431 }).where(eq(properties.id, propertyId));
    await db
      .update(availabilitySettings)
      .set({ clusterByArea: true, officeLat: 30.25, officeLng: -97.75, maxShowingsPerDay: 7 })
      .where(eq(availabilitySettings.agentId, agent.id));
    // The "Suggested" marks (issue 17) read the stored preferences, the property's area and the showings around
    // the date from the same statement: the active bookings with their property's city and zip, not the
    // calendar's busy times.
    await db
      .insert(agentSettings)
      .values({ agentId: agent.id, area: 'scheduling', settings: { suggest_on_booking_page: false } });
    const showings = [
      { startsAt: Date.parse('2030-03-08T11:45:00Z'), city: null, zip_code: null },
      { startsAt: Date.parse('2030-03-09T15:00:00Z'), city: 'Springfield', zip_code: '62701' },
      { startsAt: Date.parse('2030-03-10T15:00:00Z'), city: null, zip_code: null },
    ];
    for (const subject of [{ agentId: agent.id }, { propertyId }, { propertyPublicId: publicId }]) {
      const inputs = await readSlotInputs(db, subject, from, to);
      const {
        plan,
        clusterByArea,
        place,
        office,
        scheduling,
        placeArea,
        scheduleVersion,
        showingRules,
        propertyShowings,
        dailyCap,
        ...rest
      } = inputs!;
      // Issue 44: the agent's daily cap, from the same statement.
      expect(dailyCap).toBe(7);
      // Issue 32: a property's showing rules (the defaults: it has none saved) and its own showings.
      expect(showingRules).toEqual('agentId' in subject ? null : DEFAULT_SHOWING_RULES);
      expect(propertyShowings.map((s) => s.start)).toEqual(
        'agentId' in subject ? [] : [Date.parse('2030-03-09T15:00:00Z')],
      );
      expect({ ...rest, busy: sortBusy(rest.busy), showings: rest.showings }).toEqual({
        ...expected,
        showings: expect.arrayContaining(showings),
      });
      expect(rest.showings).toHaveLength(3);
      expect({ plan, clusterByArea }).toEqual({ plan: 'basic', clusterByArea: true });
      expect(office).toEqual({ lat: 30.25, lng: -97.75 });
      expect(place).toEqual('agentId' in subject ? null : { lat: 30.2672, lng: -97.7431 });
      expect(scheduling).toEqual({ suggest_on_booking_page: false });
      expect(placeArea).toEqual('agentId' in subject ? null : { city: 'Springfield', zip_code: '62701' });
      // Decision 035: the agent's schedule version in the same snapshot, and what its own lookup answers.
      expect(scheduleVersion).toBeGreaterThan(0);
      expect(await readScheduleVersion(db, subject)).toEqual({ agentId: agent.id, version: scheduleVersion });
    }
    // The booking being rescheduled gives its own time up.
    const without = await readSlotInputs(db, { agentId: agent.id }, from, to, ignored!.id);
    expect(sortBusy(without!.busy)).toEqual(
      sortBusy(await busyIntervals(db, agent.id, from, to, ignored!.id)),
    );
    expect(without!.busy).toHaveLength(3);
  });

  it('an agent who never saved availability gets the default hours; unknown or hidden subjects read nothing', async () => {
    const agent = await makeAgent(t, { availability: null });
    const db = t.database.db;
    const inputs = await readSlotInputs(db, { agentId: agent.id }, from, to);
    expect(inputs!.rules).toEqual(await slotRulesFor(db, { id: agent.id, timeZone: agent.timeZone }));
    expect(inputs!.rules.weekly).toEqual(DEFAULT_AVAILABILITY.days);
    expect(inputs!.requiresApproval).toBe(false);
    expect(inputs!.scheduling).toBeNull();

    const hidden = await makeProperty(t, agent.id, { isPublic: false });
    const deleted = await makeProperty(t, agent.id, { deletedAt: new Date() });
    expect(await readSlotInputs(db, { propertyId: hidden }, from, to)).toBeNull();
    expect(await readSlotInputs(db, { propertyId: deleted }, from, to)).toBeNull();
    expect(await readSlotInputs(db, { propertyId: 2_000_000_000 }, from, to)).toBeNull();
    expect(
      await readSlotInputs(db, { agentId: '00000000-0000-4000-8000-000000000000' }, from, to),
    ).toBeNull();
    expect(await readSlotInputs(db, { propertyPublicId: 'f'.repeat(32) }, from, to)).toBeNull();
  });

  it('a stored availability replaced later is read fresh (no copy kept between calls)', async () => {
    const agent = await makeAgent(t);
    const db = t.database.db;
    const before = await readSlotInputs(db, { agentId: agent.id }, from, to);
    await replaceAvailability(db, agent.id, { ...DEFAULT_AVAILABILITY, buffer_minutes: 30 });
    const after = await readSlotInputs(db, { agentId: agent.id }, from, to);
    expect(before!.rules.bufferMinutes).toBe(DEFAULT_AVAILABILITY.buffer_minutes);
    expect(after!.rules.bufferMinutes).toBe(30);
  });
});
