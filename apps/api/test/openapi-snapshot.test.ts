// The API's OpenAPI document is a contract: a layout change (issue 28) must leave it byte for byte the same.
// The committed snapshot is main's document; a deliberate API change rewrites it with
// `UPDATE_OPENAPI_SNAPSHOT=1 npx vitest run test/openapi-snapshot.test.ts` and shows the diff in review.
import { readFile, writeFile } from 'node:fs/promises';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from './app';

const snapshotFile = new URL('./openapi.snapshot.json', import.meta.url);

describe('OpenAPI document', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await createTestApp();
  });
  afterAll(async () => t.close());

  it('is byte for byte the committed snapshot', async () => {
    const res = await t.request({ method: 'GET', url: '/api/docs/json' });
    expect(res.statusCode).toBe(200);
    if (process.env.UPDATE_OPENAPI_SNAPSHOT === '1') await writeFile(snapshotFile, res.body);
    const snapshot = await readFile(snapshotFile, 'utf8');
    // The parsed comparison names what differs; the byte comparison also holds the order of paths and keys.
    expect(JSON.parse(res.body)).toEqual(JSON.parse(snapshot));
    expect(res.body === snapshot, 'same document, different bytes (order of paths or keys)').toBe(true);
  });
});
