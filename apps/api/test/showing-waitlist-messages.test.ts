// Issue 44 "Waitlist" through the real queue, workers, SMTP server and Twilio-shaped SMS server (127.0.0.1): a
// buyer who joins gets an e-mail with their link; when the booked time is cancelled, the cancellation's refill job
// offers it to the first buyer in line — an e-mail and, since she agreed to texts when joining, a text, both with
// the link that books it — and nobody else is offered it or texted without consent.
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { WAITLIST_TEXTS } from '@keyturn/domain/slots/waitlist';
import { bookings } from '../src/db/schema';
import { makeAgent, makeProperty } from './fixtures';
import { seedBooking } from './support/bookings';
import { joinWaitlist, onlyTimeOn } from './support/waitlist';
import { enableTexts, notifyHarness, PUBLIC_URL, type NotifyHarness } from './support/notify';

// A Monday in the past, so the queue runs what is due "now" at once.
const MONDAY = new Date('2026-01-05T15:00:00Z');
const DATE = '2026-01-06';
const TEN = '2026-01-06T10:00:00-05:00';
let h: NotifyHarness;

beforeAll(async () => {
  h = await notifyHarness();
  h.clock.set(MONDAY);
});
afterAll(async () => {
  await h.close();
});

it('joined e-mails, then one offer by e-mail and text to the first in line when the time is cancelled', async () => {
  const { t } = h;
  const agent = await makeAgent(t, { plan: 'pro', timeZone: 'America/New_York' });
  await enableTexts(t, agent);
  const property = await makeProperty(t, agent.id);
  await onlyTimeOn(t, agent, DATE, '10:00', '10:30');
  // The day's one time, booked (written as it stands, so its own messages do not crowd the queue).
  const firstId = await seedBooking(t.database.db, agent.id, {
    startsAt: TEN,
    propertyId: property,
    clientEmail: 'first@buyers.test',
  });
  const [{ manageToken } = { manageToken: '' }] = await t.database.db
    .select({ manageToken: bookings.manageToken })
    .from(bookings)
    .where(eq(bookings.id, firstId));
  const join = (email: string, phone: string, smsConsent: boolean) =>
    joinWaitlist(t, { agent, property, date: DATE }, email, {
      client_name: 'Ann Waiting',
      client_phone: phone,
      sms_consent: smsConsent,
    });
  const ann = (await join('ann@buyers.test', '+1 646 555 0142', true)).json().data;
  const ben = (await join('ben@buyers.test', '+1 646 555 0143', false)).json().data;
  expect([ann.place, ben.place]).toEqual([1, 2]);

  await h.startWorkers();
  await h.smtp.waitFor(
    () => h.smtp.to('ann@buyers.test').length === 1 && h.smtp.to('ben@buyers.test').length === 1,
  );
  const [joined] = h.smtp.to('ann@buyers.test');
  expect(joined!.parsed.subject).toContain('You’re on the waiting list for');
  expect(joined!.parsed.text).toContain(
    `${WAITLIST_TEXTS.mail.leaveAction}: ${PUBLIC_URL}/booking/waitlist?token=${ann.token}`,
  );

  const cancelled = await t.request({
    method: 'POST',
    url: '/api/booking/cancel',
    payload: { token: manageToken, reason: 'Bought elsewhere' },
  });
  expect(cancelled.statusCode).toBe(200);
  await h.smtp.waitFor(() => h.smtp.to('ann@buyers.test').length === 2);
  const offer = h.smtp.to('ann@buyers.test')[1]!;
  expect(offer.parsed.subject).toMatch(/^A time opened: .+, Tue, Jan 6 at 10:00 AM EST$/);
  const text = offer.parsed.text ?? '';
  expect(text).toContain(
    `${WAITLIST_TEXTS.mail.offerAction}: ${PUBLIC_URL}/booking/waitlist?token=${ann.token}`,
  );
  expect(text).toContain(WAITLIST_TEXTS.mail.offerLine('10:15 AM EST'));
  const [sms] = await h.sms.waitFor((m) => m.length >= 1);
  expect(sms!.to).toBe('+16465550142');
  expect(sms!.body).toContain(`Book: ${PUBLIC_URL}/booking/waitlist?token=${ann.token}`);
  expect(sms!.body).toContain('Held for you until 10:15 AM EST');
  // Ben is still in line: no offer, and no text without his consent.
  await new Promise((r) => setTimeout(r, 1500));
  expect(h.smtp.to('ben@buyers.test')).toHaveLength(1);
  expect(h.sms.messages.filter((m) => m.to === '+16465550143')).toEqual([]);
  const view = (await t.request({ method: 'GET', url: `/api/booking/waitlist/${ann.token}` })).json().data;
  expect(view).toMatchObject({ status: 'offered', offer: { starts_at: new Date(TEN).toISOString() } });
});
