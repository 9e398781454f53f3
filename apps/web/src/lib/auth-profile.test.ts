import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { CLIENT_TIMINGS } from '@keyturn/domain/constants';
import { json, stubApi } from '@/test/utils';
import { fetchAuthProfile, resetAuthProfileDedupe, updateAuthProfile } from './auth-profile';

const profile = {
  id: 'user-1',
  firstName: 'Dana',
  lastName: 'Scully',
  emailAddresses: [{ emailAddress: 'dana@example.com' }],
  imageUrl: null,
};

/** An answer that arrives only when the test says so. */
function deferred() {
  let resolve: (response: Response) => void = () => undefined;
  const promise = new Promise<Response>((r) => (resolve = r));
  return { promise, resolve };
}

describe('GET /api/auth/profile de-duplication (spec §7: within 100 ms merged)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
    resetAuthProfileDedupe();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  it('sends one request for calls made at the same moment, and all get its answer', async () => {
    const { callsTo } = stubApi({ 'GET /auth/profile': () => json(200, profile) });
    const answers = await Promise.all([fetchAuthProfile(), fetchAuthProfile(), fetchAuthProfile()]);
    expect(callsTo('GET', '/auth/profile')).toHaveLength(1);
    expect(answers).toEqual([profile, profile, profile]);
  });

  it('merges a call made 99 ms after an answered request, but not one made at 100 ms', async () => {
    const { callsTo } = stubApi({ 'GET /auth/profile': () => json(200, profile) });

    await fetchAuthProfile(); // answered at once
    await vi.advanceTimersByTimeAsync(CLIENT_TIMINGS.profileDedupeMs - 1);
    await fetchAuthProfile();
    expect(callsTo('GET', '/auth/profile')).toHaveLength(1);

    await vi.advanceTimersByTimeAsync(1);
    await fetchAuthProfile();
    expect(callsTo('GET', '/auth/profile')).toHaveLength(2);
  });

  it('shares a request still in flight after 100 ms, and asks again once it has settled', async () => {
    const slow = deferred();
    const { callsTo } = stubApi({ 'GET /auth/profile': () => slow.promise });

    const first = fetchAuthProfile();
    await vi.advanceTimersByTimeAsync(CLIENT_TIMINGS.profileDedupeMs * 5);
    const second = fetchAuthProfile();
    expect(callsTo('GET', '/auth/profile')).toHaveLength(1);

    slow.resolve(json(200, profile));
    await expect(first).resolves.toEqual(profile);
    await expect(second).resolves.toEqual(profile);

    stubApi({ 'GET /auth/profile': () => json(200, { ...profile, firstName: 'Fox' }) });
    await expect(fetchAuthProfile()).resolves.toMatchObject({ firstName: 'Fox' });
  });

  it('reads afresh right after an update (PUT /api/auth/profile)', async () => {
    const { callsTo } = stubApi({
      'GET /auth/profile': () => json(200, profile),
      'PUT /auth/profile': () => json(200, { ...profile, firstName: 'Fox' }),
    });
    await fetchAuthProfile();
    await updateAuthProfile({ firstName: 'Fox', lastName: 'Mulder' });
    await fetchAuthProfile();
    expect(callsTo('PUT', '/auth/profile')[0]?.body).toEqual({ firstName: 'Fox', lastName: 'Mulder' });
    expect(callsTo('GET', '/auth/profile')).toHaveLength(2);
  });
});
