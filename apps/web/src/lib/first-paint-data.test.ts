// Decision 033: the first-paint preload script asks for a public page's first GETs while the app's code
// downloads; the API client takes those answers once instead of asking again, and the script and the app agree
// on the URLs.
import { afterEach, describe, expect, it } from 'vitest';
import { json, stubApi } from '@/test/utils';
import { FIRST_PAINT_PAGES, firstPaintDataUrls } from '@/app/first-paint-pages';
import { fetchPublicAgent, fetchPublicAvailability } from '@/features/booking/api';
import { ApiError, api, apiBase } from './api';
import { FIRST_PAINT_DATA_KEY, type FirstPaintAnswer } from './first-paint-data';

const store = () => window as unknown as Record<string, Record<string, Promise<FirstPaintAnswer | null>>>;

function early(path: string, answer: Promise<FirstPaintAnswer | null>) {
  store()[FIRST_PAINT_DATA_KEY] = { ...store()[FIRST_PAINT_DATA_KEY], [`${apiBase()}${path}`]: answer };
}

function answer(status: number, body: unknown): Promise<FirstPaintAnswer> {
  const text = JSON.stringify(body);
  return Promise.resolve({ response: new Response(text, { status }), text });
}

afterEach(() => {
  delete (window as unknown as Record<string, unknown>)[FIRST_PAINT_DATA_KEY];
});

describe('first-paint data: answers asked for before the app ran', () => {
  it('a GET takes the early answer once (no second request); the next one asks the server', async () => {
    const { calls } = stubApi({
      'GET /agents/id/a1': () => json(200, { data: { id: 'a1', from: 'server' } }),
    });
    early('/agents/id/a1', answer(200, { data: { id: 'a1', from: 'early' } }));
    await expect(api.get('/agents/id/a1')).resolves.toEqual({ data: { id: 'a1', from: 'early' } });
    expect(calls).toHaveLength(0);
    await expect(api.get('/agents/id/a1')).resolves.toEqual({ data: { id: 'a1', from: 'server' } });
    expect(calls).toHaveLength(1);
  });

  it("an early refusal is the server's refusal; a failed early request is asked again", async () => {
    const { calls } = stubApi({ 'GET /agents/id/a2': () => json(200, { data: { id: 'a2' } }) });
    early(
      '/agents/id/gone',
      answer(404, { error: 'This agent could not be found.', code: 'AGENT_NOT_FOUND' }),
    );
    const refused = await api.get('/agents/id/gone').catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 404, code: 'AGENT_NOT_FOUND' });
    early('/agents/id/a2', Promise.resolve(null));
    await expect(api.get('/agents/id/a2')).resolves.toEqual({ data: { id: 'a2' } });
    expect(calls).toHaveLength(1);
  });

  it('only GETs without extra headers take one: a POST to the same URL is sent', async () => {
    const { calls } = stubApi({ 'POST /agents/id/a3': () => json(201, { ok: true }) });
    early('/agents/id/a3', answer(200, { early: true }));
    await expect(api.post('/agents/id/a3', {})).resolves.toEqual({ ok: true });
    expect(calls).toHaveLength(1);
  });

  it("the agent's booking page: the script asks for exactly the URLs the page's own calls use", async () => {
    const id = 'ad8c1cca-df7e-4df0-8a81-25f36131d3f6';
    const { calls } = stubApi({
      [`GET /agents/id/${id}`]: () => json(200, { data: { id } }),
      [`GET /availability/public/${id}`]: () => json(200, { availability: [] }),
    });
    await fetchPublicAgent(id);
    await fetchPublicAvailability(id);
    const asked = calls.map((c) => new URL(c.url, 'http://localhost').pathname);
    for (const routeId of ['bookme-agent', 'bookme-agent-name']) {
      const page = FIRST_PAINT_PAGES.find((p) => p.routeId === routeId)!;
      const pathname = routeId === 'bookme-agent' ? `/bookme/${id}` : `/bookme/${id}/Dana%20Whitfield`;
      expect(firstPaintDataUrls(page.path, pathname, page.data ?? [])).toEqual(asked);
    }
  });

  it('fills each :name from the address as the app encodes a route parameter; a malformed one is left out', () => {
    const data = ['/api/x/:a/:b'];
    expect(firstPaintDataUrls('/p/:a/:b', '/p/J%C3%BCrgen/a b', data)).toEqual(['/api/x/J%C3%BCrgen/a%20b']);
    expect(firstPaintDataUrls('/p/:a/:b', '/p/%E0%A4%A/x', data)).toEqual([]);
  });
});
