import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { API_CLIENT, LOCAL_API_PORT } from '@keyturn/domain/constants';
import { json, stubApi } from '@/test/utils';
import { ApiError, api, apiBase } from './api';
import { setSessionToken } from './session-token';

describe('apiBase (spec §7)', () => {
  it('points at the local API server while developing on localhost or an IP address', () => {
    expect(apiBase('localhost', true)).toBe(`http://localhost:${LOCAL_API_PORT}/api`);
    expect(apiBase('192.168.1.20', true)).toBe(`http://192.168.1.20:${LOCAL_API_PORT}/api`);
    expect(apiBase('[::1]', true)).toBe(`http://[::1]:${LOCAL_API_PORT}/api`);
  });

  it('is the relative /api on a deployed host and in the production build', () => {
    expect(apiBase('app.keyturn.example', true)).toBe('/api');
    expect(apiBase('localhost', false)).toBe('/api');
  });
});

describe('api client', () => {
  it('sends JSON with the stored bearer token and returns the parsed body', async () => {
    setSessionToken('tok-1');
    const { calls } = stubApi({ 'POST /agents': () => json(201, { success: true, data: { id: 'a1' } }) });

    await expect(api.post('/agents', { username: 'dana' })).resolves.toEqual({
      success: true,
      data: { id: 'a1' },
    });

    expect(calls).toHaveLength(1);
    expect(calls[0]?.url).toBe(`http://localhost:${LOCAL_API_PORT}/api/agents`);
    expect(calls[0]?.headers.get('authorization')).toBe('Bearer tok-1');
    expect(calls[0]?.headers.get('content-type')).toBe('application/json');
    expect(calls[0]?.body).toEqual({ username: 'dana' });
  });

  it('sends no Authorization header without a stored token', async () => {
    const { calls } = stubApi({ 'GET /agents/profile': () => json(200, {}) });
    await api.get('/agents/profile');
    expect(calls[0]?.headers.has('authorization')).toBe(false);
  });

  it('throws ApiError with the status, code, message and fields of the error body', async () => {
    stubApi({
      'POST /agents': () =>
        json(409, {
          error: 'That username is taken.',
          code: 'USERNAME_TAKEN',
          fields: { username: 'Taken.' },
        }),
    });
    const error = await api.post('/agents', {}).catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({
      status: 409,
      code: 'USERNAME_TAKEN',
      message: 'That username is taken.',
      fields: { username: 'Taken.' },
    });
  });

  it('logs a warning on 401 and still throws for the screen to handle (spec §8)', async () => {
    const warn = vi.spyOn(console, 'warn').mockImplementation(() => undefined);
    stubApi({ 'GET /agents/profile': () => json(401, { error: 'Sign in first.', code: 'UNAUTHORIZED' }) });
    await expect(api.get('/agents/profile')).rejects.toMatchObject({ status: 401, code: 'UNAUTHORIZED' });
    expect(warn).toHaveBeenCalledTimes(1);
  });

  it('copes with a non-JSON error page', async () => {
    stubApi({ 'GET /agents': () => new Response('<html>Bad gateway</html>', { status: 502 }) });
    await expect(api.get('/agents')).rejects.toMatchObject({ status: 502, code: 'HTTP_502' });
  });

  it('reports a network failure as ApiError status 0', async () => {
    vi.stubGlobal('fetch', vi.fn().mockRejectedValue(new TypeError('Failed to fetch')));
    await expect(api.get('/agents')).rejects.toMatchObject({ status: 0, code: 'NETWORK_ERROR' });
  });
});

describe('api client timeout (spec §7, §8)', () => {
  beforeEach(() => {
    vi.useFakeTimers();
  });
  afterEach(() => {
    vi.useRealTimers();
  });

  /** A fetch that never answers until its signal aborts, then rejects like the real one. */
  function hangingFetch(init: RequestInit | undefined): Promise<Response> {
    return new Promise((_, reject) => {
      init?.signal?.addEventListener('abort', () => reject(new DOMException('Aborted', 'AbortError')));
    });
  }

  it('aborts after 60 s, waits 1 s, and retries once; the retry answer is returned', async () => {
    const fetchMock = vi
      .fn<(input: string, init?: RequestInit) => Promise<Response>>()
      .mockImplementationOnce((_input, init) => hangingFetch(init))
      .mockImplementationOnce(async () => json(200, { ok: true }));
    vi.stubGlobal('fetch', fetchMock);

    const result = api.get('/bookings');
    await vi.advanceTimersByTimeAsync(API_CLIENT.timeoutMs - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(false);

    await vi.advanceTimersByTimeAsync(1); // the 60 s timeout fires
    expect(fetchMock.mock.calls[0]?.[1]?.signal?.aborted).toBe(true);
    expect(fetchMock).toHaveBeenCalledTimes(1);

    await vi.advanceTimersByTimeAsync(API_CLIENT.timeoutRetryDelayMs - 1);
    expect(fetchMock).toHaveBeenCalledTimes(1);
    await vi.advanceTimersByTimeAsync(1); // the 1 s pause is over
    expect(fetchMock).toHaveBeenCalledTimes(2);

    await expect(result).resolves.toEqual({ ok: true });
  });

  it('gives up with a TIMEOUT error when the retry times out too', async () => {
    const fetchMock = vi.fn((_input: string, init?: RequestInit) => hangingFetch(init));
    vi.stubGlobal('fetch', fetchMock);

    const result = api.get('/bookings').catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(
      API_CLIENT.timeoutMs + API_CLIENT.timeoutRetryDelayMs + API_CLIENT.timeoutMs,
    );

    expect(await result).toMatchObject({ status: 0, code: 'TIMEOUT' });
    expect(fetchMock).toHaveBeenCalledTimes(2);
    // No third attempt, however long we wait.
    await vi.advanceTimersByTimeAsync(5 * API_CLIENT.timeoutMs);
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it('does not retry an answer that arrived, even an error', async () => {
    const fetchMock = vi.fn(async () => json(500, { error: 'Boom', code: 'INTERNAL' }));
    vi.stubGlobal('fetch', fetchMock);
    await expect(api.get('/bookings')).rejects.toMatchObject({ status: 500 });
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });
});
