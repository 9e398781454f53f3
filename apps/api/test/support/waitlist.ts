// What the waiting-list tests share (issue 44): an agent's hours on one date cut to one time, and the join payload.
import type { TestApp } from '../app';
import type { TestAgent } from '../fixtures';

/** The agent's hours on `date` become [start, end) only (a date override), through the agent's own call. */
export async function onlyTimeOn(t: TestApp, agent: TestAgent, date: string, start: string, end: string) {
  const hours = (await t.request({ method: 'GET', url: '/api/availability', token: agent.token })).json()
    .data;
  const saved = await t.request({
    method: 'PUT',
    url: '/api/availability',
    token: agent.token,
    payload: { ...hours, overrides: [{ date, is_available: true, intervals: [{ start, end }] }] },
  });
  if (saved.statusCode !== 200) throw new Error(`hours not saved: ${saved.body}`);
}

/** POST /api/booking/waitlist for a buyer with consent to be contacted; `extra` changes any field. */
export function joinWaitlist(
  t: TestApp,
  line: { agent: TestAgent; property: number; date: string },
  email: string,
  extra: Record<string, unknown> = {},
) {
  return t.request({
    method: 'POST',
    url: '/api/booking/waitlist',
    payload: {
      agent_id: line.agent.id,
      property_id: line.property,
      date: line.date,
      part: 'any',
      client_name: 'Wendy Waiting',
      client_email: email,
      client_phone: '+1 646 555 0142',
      buyer_type: 'first_time_buyer',
      contact_consent: true,
      ...extra,
    },
  });
}
