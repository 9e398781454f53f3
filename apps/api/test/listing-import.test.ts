// Issue 34 §2, listing import, on a real database with a fixed clock (Monday 2030-01-07, 10:00 in New York):
// the MLS through a RESO Web API server on 127.0.0.1 (token endpoint, $filter/$select/$top, @odata.nextLink
// paging) — first import, incremental update, a listing closed with showings ahead — and CSV files with bad rows,
// re-imports, the plan's property limit, and another agent's listings out of reach (404).
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { resoClient } from '../src/adapters/reso';
import { bookings, mlsConnections, properties } from '../src/db/schema';
import { LISTINGS_QUEUE, startBoss } from '../src/jobs/queue';
import { runListingJob, type ListingJobData } from '../src/modules/listing-import/jobs';
import { runMlsSync } from '../src/modules/listing-import/mls-sync';
import { MLS_IMPORT_TEXTS, MLS_SUMMARY_LIST_MAX } from '@keyturn/domain/listing/imports';
import { imageBackendFor } from '../src/modules/uploads/backend';
import { createTestApp, type TestApp } from './app';
import { makeAgent, makeProperty, type TestAgent } from './fixtures';
import { seedBooking } from './support/bookings';
import { startResoServer, type ResoListing, type ResoServer } from './support/reso-server';

const NOW = new Date('2030-01-07T15:00:00Z');
// A real 20×20 PNG (one colour).
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAABQAAAAUCAIAAAAC64paAAAAGElEQVR4nGNgGAWjYBSMglEwCkbBKBgFAA1sAAE7iGbvAAAAAElFTkSuQmCC',
  'base64',
);

let t: TestApp;
let mls: ResoServer;
let boss: Awaited<ReturnType<typeof startBoss>>;

beforeAll(async () => {
  mls = await startResoServer();
  t = await createTestApp({ now: () => NOW, env: { ALLOW_PRIVATE_OUTBOUND_HOSTS: 'true', ...mls.env() } });
  boss = await startBoss(t.database.db);
});
afterAll(async () => {
  await boss?.stop({ graceful: false, close: false });
  await t?.close();
  await mls?.close();
});

const deps = () => ({
  db: t.database.db,
  now: () => NOW,
  reso: resoClient({ settings: async () => mls.settings(), outbound: t.config.outbound, pageSize: 2 }),
  images: imageBackendFor(t.config, t.database.db),
  available: async () => true,
});
let worker: ReturnType<typeof deps> | null = null;

/** Runs the listings queue's jobs as a worker would, until none is left. */
async function drain(): Promise<string[]> {
  worker ??= deps();
  const outcomes: string[] = [];
  for (let round = 0; round < 20; round += 1) {
    const jobs = await boss.fetch<ListingJobData>(LISTINGS_QUEUE, { batchSize: 5 });
    if (jobs.length === 0) return outcomes;
    for (const job of jobs) {
      outcomes.push(await runListingJob(worker, job.data));
      await boss.complete(LISTINGS_QUEUE, job.id);
    }
  }
  return outcomes;
}

type Req = { method: 'GET' | 'POST' | 'PUT'; url: string; token?: string; payload?: object };
const call = (r: Req) => t.request(r);

function listing(key: string, mlsAgentId: string, over: Partial<ResoListing> = {}): ResoListing {
  return {
    ListingKey: key,
    ListingId: `MLS-${key}`,
    ListAgentMlsId: mlsAgentId,
    StandardStatus: 'Active',
    ModificationTimestamp: '2030-01-01T10:00:00Z',
    StreetNumber: '12',
    StreetName: 'Harbor',
    StreetSuffix: 'Way',
    City: 'Austin',
    StateOrProvince: 'TX',
    PostalCode: '78701',
    ListPrice: 450000,
    BedroomsTotal: 3,
    BathroomsTotalInteger: 2,
    PropertyType: 'Residential',
    PropertySubType: 'SingleFamilyResidence',
    Latitude: 30.27,
    Longitude: -97.74,
    PublicRemarks: 'Light-filled home near the lake.',
    Media: [],
    ...over,
  };
}

const propertyByKey = async (agentId: string, key: string) => {
  const [row] = await t.database.db
    .select()
    .from(properties)
    .where(and(eq(properties.agentId, agentId), eq(properties.mlsListingKey, key)));
  return row;
};

async function connect(agent: TestAgent, mlsAgentId: string) {
  const res = await call({
    method: 'PUT',
    url: '/api/listing-imports/mls',
    token: agent.token,
    payload: { mls_agent_id: mlsAgentId },
  });
  expect(res.statusCode).toBe(200);
  expect(res.json().data.syncing).toBe(true);
}

describe('MLS import through the RESO Web API', () => {
  let agent: TestAgent;
  let other: TestAgent;

  beforeAll(async () => {
    agent = await makeAgent(t, { plan: 'pro' });
    other = await makeAgent(t, { plan: 'pro' });
    mls.photos.set('front.png', { type: 'image/png', bytes: PNG });
    mls.photos.set('fake.jpg', { type: 'image/jpeg', bytes: Buffer.from('not an image at all') });
    mls.listings.set(
      'K1',
      listing('K1', 'AG-1', {
        UnitNumber: '4B',
        PropertySubType: 'Condominium',
        ModificationTimestamp: '2030-01-02T09:00:00Z',
        Media: [
          { MediaURL: `${mls.url}/photos/fake.jpg`, Order: 2 },
          { MediaURL: `${mls.url}/photos/front.png`, Order: 1 },
        ],
      }),
    );
    mls.listings.set(
      'K2',
      listing('K2', 'AG-1', {
        StreetNumber: '7',
        StreetName: 'Cedar',
        StreetSuffix: 'Lane',
        ModificationTimestamp: '2030-01-03T09:00:00Z',
      }),
    );
    mls.listings.set(
      'K3',
      listing('K3', 'AG-1', {
        StreetNumber: '99',
        StandardStatus: 'Closed',
        ModificationTimestamp: '2030-01-04T09:00:00Z',
      }),
    );
    mls.listings.set('K9', listing('K9', 'AG-OTHER', { StreetNumber: '1' }));
  });

  it('first import: signs in once, asks for the agent’s listings page by page, maps fields and photos', async () => {
    await connect(agent, 'AG-1');
    expect(await drain()).toEqual(['synced']);

    const token = mls.requests.filter((r) => r.path === '/oauth/token');
    expect(token).toHaveLength(1);
    expect(Object.fromEntries(new URLSearchParams(token[0]!.body))).toEqual({
      grant_type: 'client_credentials',
      client_id: 'keyturn-test-client',
      client_secret: 'reso-secret-1',
    });
    const queries = mls.requests.filter((r) => r.path === '/reso/odata/Property');
    // Three listings of AG-1 at two per page: the first page and the one its @odata.nextLink named.
    expect(queries).toHaveLength(2);
    expect(queries.every((q) => q.auth === 'Bearer token-1')).toBe(true);
    expect(queries[0]!.query.get('$filter')).toBe("ListAgentMlsId eq 'AG-1'");
    expect(queries[0]!.query.get('$top')).toBe('2');
    expect(queries[0]!.query.get('$select')!.split(',')).toEqual(
      expect.arrayContaining([
        'ListingKey',
        'ModificationTimestamp',
        'StandardStatus',
        'UnparsedAddress',
        'ListPrice',
        'BedroomsTotal',
        'BathroomsTotalInteger',
        'PropertySubType',
        'Latitude',
        'PublicRemarks',
      ]),
    );
    expect(queries[0]!.query.get('$expand')).toBe('Media($select=MediaURL,Order)');
    expect(queries[1]!.query.get('$skip')).toBe('2');

    const k1 = await propertyByKey(agent.id, 'K1');
    expect(k1).toMatchObject({
      source: 'mls',
      address: '12 Harbor Way #4B',
      city: 'Austin',
      state: 'TX',
      zipCode: '78701',
      price: 450000,
      bedrooms: 3,
      bathrooms: 2,
      propertyType: 'Condo',
      lat: 30.27,
      lng: -97.74,
      remarks: 'Light-filled home near the lake.',
      mlsNumber: 'MLS-K1',
      mlsStatus: 'Active',
      isPublic: true,
    });
    // The PNG went through the upload pipeline into the image store; the "JPEG" that is not an image was left out.
    expect(k1!.images).toHaveLength(1);
    expect(k1!.images[0]).toMatch(/^\/uploads\/[0-9a-f]{32}\.png$/);
    const served = await call({ method: 'GET', url: k1!.images[0]! });
    expect(served.statusCode).toBe(200);
    expect(served.rawPayload.equals(PNG)).toBe(true);

    expect(await propertyByKey(agent.id, 'K2')).toMatchObject({
      address: '7 Cedar Lane',
      propertyType: 'Residential',
    });
    // A listing already closed when first seen is not imported; another MLS agent's never asked for.
    expect(await propertyByKey(agent.id, 'K3')).toBeUndefined();
    expect(await propertyByKey(agent.id, 'K9')).toBeUndefined();

    const state = await call({ method: 'GET', url: '/api/listing-imports/mls', token: agent.token });
    expect(state.json().data).toMatchObject({
      available: true,
      mls_agent_id: 'AG-1',
      syncing: false,
      last_error: null,
      last_result: { created: 2, updated: 0, hidden: 0, overLimit: [], failed: [], photosSkipped: 1 },
    });
    const [connection] = await t.database.db
      .select()
      .from(mlsConnections)
      .where(eq(mlsConnections.agentId, agent.id));
    expect(connection!.highWaterMark!.toISOString()).toBe('2030-01-04T09:00:00.000Z');
  });

  it('incremental: asks only for changes after the high-water mark; a new price flows through', async () => {
    const before = mls.requests.length;
    const photoFetches = () => mls.requests.filter((r) => r.path.startsWith('/photos/')).length;
    const photosBefore = photoFetches();
    mls.listings.set('K1', {
      ...mls.listings.get('K1')!,
      ListPrice: 429000,
      ModificationTimestamp: '2030-01-06T12:00:00Z',
    });
    const sync = await call({ method: 'POST', url: '/api/listing-imports/mls/sync', token: agent.token });
    expect(sync.statusCode).toBe(202);
    expect(await drain()).toEqual(['synced']);

    const sent = mls.requests.slice(before);
    // The token is still valid: no new sign-in.
    expect(sent.filter((r) => r.path === '/oauth/token')).toHaveLength(0);
    const queries = sent.filter((r) => r.path === '/reso/odata/Property');
    expect(queries).toHaveLength(1);
    expect(queries[0]!.query.get('$filter')).toBe(
      "ListAgentMlsId eq 'AG-1' and ModificationTimestamp gt 2030-01-04T09:00:00.000Z",
    );
    const k1 = await propertyByKey(agent.id, 'K1');
    expect(k1!.price).toBe(429000);
    // Same photo addresses: not downloaded again, the stored photo kept.
    expect(photoFetches()).toBe(photosBefore);
    expect(k1!.images).toHaveLength(1);
    const state = await call({ method: 'GET', url: '/api/listing-imports/mls', token: agent.token });
    expect(state.json().data.last_result).toMatchObject({ created: 0, updated: 1 });
  });

  it('a listing closed with showings ahead is hidden from booking and the agent chooses: cancel (with notice) or keep', async () => {
    const k1 = (await propertyByKey(agent.id, 'K1'))!;
    const k2 = (await propertyByKey(agent.id, 'K2'))!;
    expect((await call({ method: 'GET', url: `/api/booking/property/${k1.id}` })).statusCode).toBe(200);
    const ahead = await seedBooking(t.database.db, agent.id, {
      startsAt: '2030-01-09T15:00:00Z',
      propertyId: k1.id,
      clientEmail: 'buyer.one@example.com',
    });
    const past = await seedBooking(t.database.db, agent.id, {
      startsAt: '2030-01-02T15:00:00Z',
      status: 'completed',
      propertyId: k1.id,
    });
    const kept = await seedBooking(t.database.db, agent.id, {
      startsAt: '2030-01-10T15:00:00Z',
      propertyId: k2.id,
      clientEmail: 'buyer.two@example.com',
    });
    mls.listings.set('K1', {
      ...mls.listings.get('K1')!,
      StandardStatus: 'Closed',
      ModificationTimestamp: '2030-01-07T08:00:00Z',
    });
    mls.listings.set('K2', {
      ...mls.listings.get('K2')!,
      StandardStatus: 'Pending',
      ModificationTimestamp: '2030-01-07T08:30:00Z',
    });
    await call({ method: 'POST', url: '/api/listing-imports/mls/sync', token: agent.token });
    expect(await drain()).toEqual(['synced']);

    const hidden = (await propertyByKey(agent.id, 'K1'))!;
    expect(hidden).toMatchObject({ isPublic: false, mlsStatus: 'Closed', showingsDecisionPending: true });
    expect(hidden.statusHiddenAt).not.toBeNull();
    expect((await call({ method: 'GET', url: `/api/booking/property/${k1.id}` })).statusCode).toBe(404);
    // The property form cannot put it back on the booking page while the MLS says it is off the market.
    const republish = await call({
      method: 'PUT',
      url: `/api/properties/${k1.id}`,
      token: agent.token,
      payload: {
        address: hidden.address,
        city: 'Austin',
        state: 'TX',
        zip_code: '78701',
        price: 429000,
        bedrooms: 3,
        bathrooms: 2,
        property_type: 'Condo',
        is_public: true,
      },
    });
    expect(republish.statusCode).toBe(409);
    expect(republish.json().code).toBe('LISTING_OFF_MARKET');

    const prompts = await call({
      method: 'GET',
      url: '/api/listing-imports/status-changes',
      token: agent.token,
    });
    expect(prompts.json().data).toEqual([
      { property_id: k1.id, address: '12 Harbor Way #4B', mls_status: 'Closed', future_showings: 1 },
      { property_id: k2.id, address: '7 Cedar Lane', mls_status: 'Pending', future_showings: 1 },
    ]);

    // Another agent neither sees the question nor answers it.
    const theirs = await call({
      method: 'GET',
      url: '/api/listing-imports/status-changes',
      token: other.token,
    });
    expect(theirs.json().data).toEqual([]);
    const foreign = await call({
      method: 'POST',
      url: `/api/listing-imports/status-changes/${k1.id}`,
      token: other.token,
      payload: { action: 'cancel' },
    });
    expect(foreign.statusCode).toBe(404);
    expect((await bookingRow(ahead)).status).toBe('confirmed');

    const cancel = await call({
      method: 'POST',
      url: `/api/listing-imports/status-changes/${k1.id}`,
      token: agent.token,
      payload: { action: 'cancel' },
    });
    expect(cancel.json()).toEqual({ success: true, cancelled: 1 });
    expect(await bookingRow(ahead)).toMatchObject({
      status: 'cancelled',
      cancelReason: 'The property is no longer on the market.',
    });
    expect((await bookingRow(past)).status).toBe('completed');
    // The buyer gets the usual cancellation message (on the durable queue).
    const notice = await t.database.db.execute(
      sql`select count(*)::int as n from pgboss.job where name = 'notifications' and data->>'bookingId' = ${ahead} and data->>'event' = 'booking_cancelled'`,
    );
    expect(notice.rows[0]).toEqual({ n: 1 });

    const keep = await call({
      method: 'POST',
      url: `/api/listing-imports/status-changes/${k2.id}`,
      token: agent.token,
      payload: { action: 'keep' },
    });
    expect(keep.json()).toEqual({ success: true, cancelled: 0 });
    expect((await bookingRow(kept)).status).toBe('confirmed');
    const after = await call({
      method: 'GET',
      url: '/api/listing-imports/status-changes',
      token: agent.token,
    });
    expect(after.json().data).toEqual([]);
    const bad = await call({
      method: 'POST',
      url: `/api/listing-imports/status-changes/${k2.id}`,
      token: agent.token,
      payload: { action: 'delete' },
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().fields).toHaveProperty('action');
  });

  it('Server settings’ Check for the MLS signs the client in at the token endpoint (the first account administers)', async () => {
    const before = mls.tokensIssued();
    const check = await call({ method: 'POST', url: '/api/server-settings/mls/check', token: agent.token });
    expect(check.json()).toEqual({ success: true, ok: true, message: 'The MLS signed the client in.' });
    expect(mls.tokensIssued()).toBe(before + 1);
    const refused = await call({ method: 'POST', url: '/api/server-settings/mls/check', token: other.token });
    expect(refused.statusCode).toBe(403);
  });

  it('the plan’s property limit applies as for hand-made properties; the result says what did not fit', async () => {
    const basic = await makeAgent(t, { plan: 'basic' });
    await makeProperty(t, basic.id, { address: '1 Own Street' });
    await makeProperty(t, basic.id, { address: '2 Own Street' });
    for (const [i, key] of ['L1', 'L2', 'L3'].entries()) {
      mls.listings.set(
        key,
        listing(key, 'AG-BASIC', {
          StreetNumber: String(100 + i),
          ModificationTimestamp: `2030-01-0${i + 1}T00:00:00Z`,
        }),
      );
    }
    await connect(basic, 'AG-BASIC');
    await drain();
    const state = await call({ method: 'GET', url: '/api/listing-imports/mls', token: basic.token });
    expect(state.json().data.last_result).toMatchObject({
      created: 1,
      overLimit: ['101 Harbor Way', '102 Harbor Way'],
    });
    const [{ n }] = (
      await t.database.db.execute(sql`select count(*)::int as n from properties where agent_id = ${basic.id}`)
    ).rows as [{ n: number }];
    expect(n).toBe(3);
  });
});

describe('the MLS feed as it may really come (issue 39, item 20)', () => {
  const stateOf = async (agent: TestAgent) =>
    (await call({ method: 'GET', url: '/api/listing-imports/mls', token: agent.token })).json().data as {
      last_error: string | null;
      last_result: Record<string, unknown> | null;
    };

  it('a @odata.nextLink to another origin stops the import with a clear error; the token is never sent there', async () => {
    const agent = await makeAgent(t, { plan: 'pro' });
    for (const key of ['O1', 'O2', 'O3']) mls.listings.set(key, listing(key, 'AG-ORIGIN'));
    const elsewhere = mls.url.replace('127.0.0.1', 'localhost');
    mls.setNextLinkBase(elsewhere);
    try {
      await connect(agent, 'AG-ORIGIN');
      // The job fails (the queue retries it later); the agent reads why.
      await expect(drain()).rejects.toThrow(MLS_IMPORT_TEXTS.otherOrigin(new URL(elsewhere).origin));
    } finally {
      mls.setNextLinkBase(null);
    }
    const state = await stateOf(agent);
    expect(state.last_error).toBe(MLS_IMPORT_TEXTS.otherOrigin(new URL(elsewhere).origin));
    expect(mls.requests.filter((r) => r.host.startsWith('localhost'))).toEqual([]);
    expect(await propertyByKey(agent.id, 'O1')).toBeUndefined();
  });

  it('a feed repeating a listing key imports it once, the last record winning, and counts it — no raw SQL', async () => {
    const agent = await makeAgent(t, { plan: 'pro' });
    mls.listings.set('R1', listing('R1', 'AG-REPEAT', { ListPrice: 400000 }));
    mls.listings.set('R2', listing('R2', 'AG-REPEAT', { StreetNumber: '14' }));
    mls.repeats.push(
      listing('R1', 'AG-REPEAT', { ListPrice: 515000, ModificationTimestamp: '2030-01-03T10:00:00Z' }),
    );
    try {
      await connect(agent, 'AG-REPEAT');
      await drain();
    } finally {
      mls.repeats.length = 0;
    }
    const state = await stateOf(agent);
    expect(state.last_error).toBeNull();
    expect(state.last_result).toMatchObject({ created: 2, repeated: 1, failed: [] });
    expect(await propertyByKey(agent.id, 'R1')).toMatchObject({ price: 515000 });
    const rows = await t.database.db
      .select()
      .from(properties)
      .where(and(eq(properties.agentId, agent.id), eq(properties.mlsListingKey, 'R1')));
    expect(rows).toHaveLength(1);
  });

  it('a page over the size limit is refused with a clear message, not read whole', async () => {
    const agent = await makeAgent(t, { plan: 'pro' });
    mls.listings.set('B1', listing('B1', 'AG-BIG'));
    await connect(agent, 'AG-BIG');
    await drain();
    mls.listings.set(
      'B2',
      listing('B2', 'AG-BIG', {
        PublicRemarks: 'x'.repeat(60_000),
        ModificationTimestamp: '2030-01-04T10:00:00Z',
      }),
    );
    const small = {
      ...deps(),
      reso: resoClient({
        settings: async () => mls.settings(),
        outbound: t.config.outbound,
        pageSize: 2,
        maxPageBytes: 20 * 1024,
      }),
    };
    await expect(runMlsSync(small, agent.id)).rejects.toThrow(MLS_IMPORT_TEXTS.pageTooLarge('20 KB'));
    expect((await stateOf(agent)).last_error).toBe(MLS_IMPORT_TEXTS.pageTooLarge('20 KB'));
    expect(await propertyByKey(agent.id, 'B2')).toBeUndefined();
  });

  it('the import status keeps the first few over-limit listings and a count of all of them', async () => {
    const basic = await makeAgent(t, { plan: 'basic' });
    for (let i = 0; i < 30; i += 1) {
      const key = `M${i}`;
      mls.listings.set(key, listing(key, 'AG-MANY', { StreetNumber: String(300 + i) }));
    }
    await connect(basic, 'AG-MANY');
    await drain();
    const result = (await stateOf(basic)).last_result!;
    expect(result).toMatchObject({ created: 3, overLimitCount: 27 });
    expect(result.overLimit).toHaveLength(MLS_SUMMARY_LIST_MAX);
  });
});

async function bookingRow(id: string) {
  const [row] = await t.database.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

describe('CSV import', () => {
  const MAPPING = {
    mls_number: 'MLS #',
    address: 'Street',
    city: 'City',
    state: 'State',
    zip_code: 'Zip',
    price: 'List Price',
    bedrooms: 'Beds',
    bathrooms: 'Baths',
    property_type: 'Type',
    remarks: 'Notes',
  };
  const HEADING = 'MLS #,Street,City,State,Zip,List Price,Beds,Baths,Type,Notes';
  const FILE = [
    HEADING,
    'A-100,5 Oak Court,Denver,CO,80202,"$525,000",4,2.5,Townhouse,Corner unit',
    ',8 Pine Road,Denver,co,80203,310000,2,1,Condominium,"Two lines',
    'of notes"',
    'A-102,9 Birch Avenue,Denver,ZZ,8020,abc,3,2,Residential,',
    'A-103,,Denver,CO,80204,400000,3,2,Castle,',
    'A-100,5 Oak Court,Denver,CO,80202,525000,4,2.5,Townhouse,Again',
  ].join('\n');
  const importCsv = (agent: TestAgent, csv: string, dryRun = false, mapping: object = MAPPING) =>
    call({
      method: 'POST',
      url: '/api/listing-imports/csv',
      token: agent.token,
      payload: { csv, mapping, dry_run: dryRun },
    });

  it('checks every row with its line number; the preview saves nothing; a re-import changes nothing', async () => {
    const agent = await makeAgent(t, { plan: 'pro' });
    const preview = await importCsv(agent, FILE, true);
    expect(preview.statusCode).toBe(200);
    const result = preview.json().data;
    expect(result).toMatchObject({ dry_run: true, created: 2, updated: 0, failed: 3, over_limit: 0 });
    expect(result.rows.map((r: { line: number; outcome: string }) => [r.line, r.outcome])).toEqual([
      [2, 'created'],
      [3, 'created'],
      // Line 5: the quoted note above spans lines 3 and 4.
      [5, 'error'],
      [6, 'error'],
      [7, 'error'],
    ]);
    expect(Object.keys(result.rows[2].errors).sort()).toEqual(['price', 'state', 'zip_code']);
    expect(Object.keys(result.rows[3].errors).sort()).toEqual(['address', 'property_type']);
    expect(result.rows[4].errors).toEqual({ _: 'The same listing as line 2' });
    const none = await t.database.db.select().from(properties).where(eq(properties.agentId, agent.id));
    expect(none).toEqual([]);

    const saved = (await importCsv(agent, FILE)).json().data;
    expect(saved).toMatchObject({ dry_run: false, created: 2, failed: 3 });
    const rows = await t.database.db.select().from(properties).where(eq(properties.agentId, agent.id));
    expect(
      rows
        .map((r) => [r.address, r.state, r.price, r.bathrooms, r.propertyType, r.mlsNumber, r.source])
        .sort(),
    ).toEqual([
      ['5 Oak Court', 'CO', 525000, 2.5, 'Townhouse', 'A-100', 'csv'],
      ['8 Pine Road', 'CO', 310000, 1, 'Condo', null, 'csv'],
    ]);
    expect(rows.find((r) => r.mlsNumber === null)!.remarks).toBe('Two lines\nof notes');

    const again = (await importCsv(agent, FILE)).json().data;
    expect(again).toMatchObject({ created: 0, updated: 0, unchanged: 2, failed: 3 });

    // Keyed by MLS number (a corrected address updates the same listing), else by the address however typed.
    const edited = [
      HEADING,
      'A-100,5 Oak Ct,Denver,CO,80202,515000,4,2.5,Townhouse,Corner unit',
      ',8 PINE  ROAD.,Denver,CO,80203-1234,299000,2,1,Condo,"Two lines\nof notes"',
    ].join('\n');
    const update = (await importCsv(agent, edited)).json().data;
    expect(update).toMatchObject({ created: 0, updated: 2 });
    const after = await t.database.db.select().from(properties).where(eq(properties.agentId, agent.id));
    expect(after.map((r) => [r.address, r.price]).sort()).toEqual([
      ['5 Oak Ct', 515000],
      ['8 PINE  ROAD.', 299000],
    ]);
  });

  it('another agent’s import never touches the first agent’s listings', async () => {
    const first = await makeAgent(t, { plan: 'pro' });
    const second = await makeAgent(t, { plan: 'pro' });
    const file = [HEADING, 'Z-1,3 Elm Street,Denver,CO,80202,100000,1,1,,'].join('\n');
    await importCsv(first, file);
    const theirs = (await importCsv(second, file)).json().data;
    expect(theirs).toMatchObject({ created: 1, updated: 0 });
    const [mine] = await t.database.db.select().from(properties).where(eq(properties.agentId, first.id));
    const other = await call({ method: 'GET', url: `/api/properties/${mine!.id}`, token: second.token });
    expect(other.statusCode).toBe(404);
  });

  it('the plan limit: the preview and the import say which rows did not fit', async () => {
    const basic = await makeAgent(t, { plan: 'basic' });
    await makeProperty(t, basic.id, { address: '1 Full Street' });
    const file = [
      HEADING,
      ...[1, 2, 3, 4].map((i) => `B-${i},${i} Maple Street,Denver,CO,80202,200000,2,1,,`),
    ].join('\n');
    for (const dryRun of [true, false]) {
      const result = (await importCsv(basic, file, dryRun)).json().data;
      expect(result).toMatchObject({ created: 2, over_limit: 2 });
      expect(result.rows.map((r: { outcome: string }) => r.outcome)).toEqual([
        'created',
        'created',
        'over_limit',
        'over_limit',
      ]);
      expect(result.limit_message).toBe(
        'Your Basic plan includes up to 3 properties: 2 listings were not imported. Upgrade your plan to add more.',
      );
    }
  });

  it('a mapping without a required column, or naming a column the file lacks, is a 400 naming the field', async () => {
    const agent = await makeAgent(t);
    const { price: _price, ...noPrice } = MAPPING;
    const res = await importCsv(agent, FILE, true, { ...noPrice, city: 'Town' });
    expect(res.statusCode).toBe(400);
    expect(res.json().fields).toEqual({
      'mapping.city': 'The file has no such column',
      'mapping.price': 'Choose the column for Price',
    });
    const empty = await importCsv(agent, HEADING, true);
    expect(empty.statusCode).toBe(400);
    expect(empty.json().fields).toEqual({ csv: 'The file has no rows under its heading.' });
  });
});

describe('without an MLS on the server', () => {
  it('says so in plain words and who can switch it on', async () => {
    const plain = await createTestApp({ now: () => NOW });
    try {
      const { token } = await makeAgent(plain);
      const state = await plain.request({ method: 'GET', url: '/api/listing-imports/mls', token });
      expect(state.json().data).toMatchObject({ available: false, mls_agent_id: null });
      const save = await plain.request({
        method: 'PUT',
        url: '/api/listing-imports/mls',
        token,
        payload: { mls_agent_id: 'AG-1' },
      });
      expect(save.statusCode).toBe(409);
      expect(save.json()).toMatchObject({
        code: 'MLS_IMPORT_OFF',
        error:
          "Importing from the MLS isn't switched on for this Keyturn server yet — your administrator can switch it on in Server settings.",
      });
      expect(save.body).not.toMatch(/RESO_|_URL|README/);
    } finally {
      await plain.close();
    }
  });
});
