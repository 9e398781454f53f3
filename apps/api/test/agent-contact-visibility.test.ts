// Issue 26: the public agent profile shows the agent's e-mail and phone only where the agent chose to
// (Settings → Branding, showEmail / showPhone). The spec's public profile has both, so both are shown until
// turned off; a branding save that leaves the switches out keeps them as they are. The OpenAPI document
// says the two may be null.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';
import { makeAgent, type TestAgent } from './fixtures';

let t: TestApp;
let agent: TestAgent;

beforeAll(async () => {
  t = await createTestApp();
  agent = await makeAgent(t);
});
afterAll(() => t?.close());

async function publicProfile() {
  const res = await t.request({ method: 'GET', url: `/api/agents/id/${agent.id}` });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { email: string | null; phone: string | null; first_name: string };
}

async function saveBranding(payload: object) {
  const res = await t.request({ method: 'PUT', url: '/api/agents/branding', token: agent.token, payload });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().data as { showEmail: boolean; showPhone: boolean };
}

describe("the public profile's e-mail and phone", () => {
  it('are shown by default, as the spec has them, and the branding reads both switches on', async () => {
    expect(await publicProfile()).toMatchObject({ email: agent.email, phone: '+1 212 555 0100' });
    const branding = await t.request({ method: 'GET', url: '/api/agents/branding', token: agent.token });
    expect(branding.json().data).toMatchObject({ showEmail: true, showPhone: true });
  });

  it('each disappears when the agent turns it off, and comes back when turned on', async () => {
    expect(await saveBranding({ primaryColor: '#10B981', showEmail: false })).toMatchObject({
      showEmail: false,
      showPhone: true,
    });
    expect(await publicProfile()).toMatchObject({ email: null, phone: '+1 212 555 0100' });
    await saveBranding({ primaryColor: '#10B981', showPhone: false });
    const hidden = await publicProfile();
    expect(hidden).toMatchObject({ email: null, phone: null, first_name: 'Jamie' });
    expect(JSON.stringify(hidden)).not.toContain(agent.email);
    // A save without the switches keeps them.
    expect(await saveBranding({ primaryColor: '#3B82F6' })).toMatchObject({
      showEmail: false,
      showPhone: false,
    });
    await saveBranding({ primaryColor: '#3B82F6', showEmail: true, showPhone: true });
    expect(await publicProfile()).toMatchObject({ email: agent.email, phone: '+1 212 555 0100' });
  });

  it('a switch that is not true or false is a 400 naming it', async () => {
    const res = await t.request({
      method: 'PUT',
      url: '/api/agents/branding',
      token: agent.token,
      payload: { primaryColor: '#3B82F6', showEmail: 'no' },
    });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toHaveProperty('showEmail');
  });

  it('the OpenAPI document gives the public e-mail and phone as nullable and the branding both switches', () => {
    type Schema = { properties: Record<string, Schema>; type?: string };
    type Operation = {
      responses: Record<string, { content: Record<string, { schema: Schema }> }>;
      requestBody: { content: Record<string, { schema: Schema }> };
    };
    const doc = t.app.swagger() as unknown as { paths: Record<string, Record<string, Operation>> };
    const json = 'application/json';
    const data =
      doc.paths['/api/agents/id/{agentId}']!.get!.responses['200']!.content[json]!.schema.properties.data!;
    for (const key of ['email', 'phone']) {
      expect(JSON.stringify(data.properties[key]), key).toContain('null');
    }
    const branding = doc.paths['/api/agents/branding']!.put!.requestBody.content[json]!.schema;
    expect(branding.properties.showEmail?.type).toBe('boolean');
    expect(branding.properties.showPhone?.type).toBe('boolean');
  });
});
