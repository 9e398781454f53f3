// A team made through the product's own calls: the owner creates it, each joiner is invited and accepts.
import { expect } from 'vitest';
import type { TestApp } from '../app';
import type { TestAgent } from '../fixtures';

let n = 0;

/** Creates the owner's team with `joiners` in their roles; answers the team's id. */
export async function makeTeam(
  t: TestApp,
  owner: TestAgent,
  joiners: readonly (readonly [TestAgent, 'admin' | 'member'])[] = [],
  name = `Team ${++n}`,
): Promise<string> {
  const made = await t.request({
    method: 'POST',
    url: '/api/team',
    token: owner.token,
    payload: { name, slug: `team-${++n}-${Date.now().toString(36)}` },
  });
  expect(made.statusCode, made.body).toBe(201);
  for (const [who, role] of joiners) {
    const inv = await t.request({
      method: 'POST',
      url: '/api/team/invitations',
      token: owner.token,
      payload: { email: who.email, role },
    });
    expect(inv.statusCode, inv.body).toBe(201);
    const ok = await t.request({
      method: 'POST',
      url: `/api/team-invitations/${inv.json().data.id}/accept`,
      token: who.token,
    });
    expect(ok.statusCode, ok.body).toBe(200);
  }
  return made.json().data.team.id as string;
}
