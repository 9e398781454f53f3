// One MLS sync of one agent (issue 34 §2, decision 058), run by the `listings` queue's worker: the agent's
// listings changed since the high-water mark (all of them the first time), each matched by its ListingKey and
// created (plan limit), updated (price changes flow through) or — when the MLS takes it off the market — hidden
// from booking, with the agent asked what to do with its future showings. Photos go through the upload
// pipeline's checks (type from the bytes, dimensions, 5 MB) into the image store; they are fetched again only
// when the MLS's list of photo addresses changed. The high-water mark moves only after a whole run.
import { and, eq, gt, inArray, sql } from 'drizzle-orm';
import {
  isOffMarket,
  MLS_IMPORT_TEXTS,
  MLS_SUMMARY_LIST_MAX,
  propertyTypeOf,
  type MlsSyncSummary,
} from '@keyturn/domain/listing/imports';
import { MAX_PROPERTY_IMAGES, propertyInputSchema } from '@keyturn/domain/schemas/property';
import { MlsError, type ResoClient, type ResoProperty } from '../../adapters/reso';
import type { Db } from '../../db/client';
import { agents, bookings, mlsConnections } from '../../db/schema';
import { fieldErrors } from '../../http/errors';
import type { AgentRow } from '../core/agents';
import type { NewPropertyColumns } from '../properties/service';
import { checkImage, MAX_UPLOAD_BYTES } from '../uploads/image-check';
import type { ImageStore } from '../uploads/storage';
import { ownListings, saveImported, type PropertyRow } from './store';

export type MlsSyncDeps = {
  db: Db;
  now: () => Date;
  reso: ResoClient;
  images: ImageStore;
};

export const FUTURE_SHOWING_STATUSES = ['confirmed', 'pending'] as const;

/** Runs one sync; answers what it did (also stored on the connection). Throws when the MLS could not be read. */
export async function runMlsSync(
  deps: MlsSyncDeps,
  agentId: string,
): Promise<MlsSyncSummary | 'no-connection'> {
  const { db } = deps;
  const [connection] = await db.select().from(mlsConnections).where(eq(mlsConnections.agentId, agentId));
  if (!connection) return 'no-connection';
  const [agent] = await db.select().from(agents).where(eq(agents.id, agentId));
  if (!agent) return 'no-connection';
  const summary: MlsSyncSummary = {
    created: 0,
    updated: 0,
    hidden: 0,
    overLimit: [],
    overLimitCount: 0,
    failed: [],
    failedCount: 0,
    repeated: 0,
    photosSkipped: 0,
  };
  let mark = connection.highWaterMark;
  try {
    // The feed read whole first (each page bounded by the client), one record per ListingKey: a key the feed
    // repeats is counted and its last record kept, so it is created or updated once (issue 39).
    const records = new Map<string, ResoProperty>();
    for await (const page of deps.reso.listings(connection.mlsAgentId, connection.highWaterMark)) {
      for (const record of page) {
        if (!record || typeof record !== 'object') continue;
        const key = typeof record.ListingKey === 'string' ? record.ListingKey.trim() : '';
        if (!key) {
          fail(summary, { key: '', reason: MLS_IMPORT_TEXTS.noKey });
          continue;
        }
        if (records.has(key)) {
          summary.repeated! += 1;
          records.delete(key);
        }
        records.set(key, { ...record, ListingKey: key });
      }
    }
    const byKey = new Map(
      (await ownListings(db, agentId)).filter((p) => p.mlsListingKey).map((p) => [p.mlsListingKey!, p]),
    );
    for (const record of records.values()) {
      await syncListing(deps, agent, byKey.get(record.ListingKey) ?? null, record, summary);
      const modified = new Date(record.ModificationTimestamp);
      if (!Number.isNaN(modified.getTime()) && (!mark || modified > mark)) mark = modified;
    }
  } catch (err) {
    // The agent reads the MLS's problem in words; never a database's or a library's message.
    const lastError = err instanceof MlsError ? err.message : MLS_IMPORT_TEXTS.unexpected;
    await db
      .update(mlsConnections)
      .set({ status: 'idle', lastError, lastSyncAt: deps.now(), lastResult: summary })
      .where(eq(mlsConnections.agentId, agentId));
    throw err;
  }
  await db
    .update(mlsConnections)
    .set({
      status: 'idle',
      highWaterMark: mark,
      lastSyncAt: deps.now(),
      lastResult: summary,
      lastError: null,
    })
    .where(eq(mlsConnections.agentId, agentId));
  return summary;
}

async function syncListing(
  deps: MlsSyncDeps,
  agent: AgentRow,
  existing: PropertyRow | null,
  record: ResoProperty,
  summary: MlsSyncSummary,
): Promise<void> {
  const offMarket = isOffMarket(record.StandardStatus);
  // A listing already off the market when first seen is not imported.
  if (!existing && offMarket) return;
  const mapped = mapListing(record);
  if (!mapped.ok) {
    fail(summary, { key: record.ListingKey, reason: mapped.reason });
    return;
  }
  const values: NewPropertyColumns = { ...mapped.values };
  const media = mediaUrlsOf(record);
  if (JSON.stringify(media) !== JSON.stringify(existing?.mlsMediaUrls ?? null)) {
    const photos = await importPhotos(deps, media);
    summary.photosSkipped += media.length - photos.length;
    Object.assign(values, { images: photos, mlsMediaUrls: media });
  }
  if (existing && offMarket && existing.statusHiddenAt === null) {
    const ahead = await futureShowings(deps.db, existing.id, deps.now());
    Object.assign(values, {
      isPublic: false,
      statusHiddenAt: deps.now(),
      showingsDecisionPending: ahead > 0,
    });
    summary.hidden += 1;
  } else if (existing && !offMarket && existing.statusHiddenAt !== null) {
    // Back on the market: bookable again (unless the plan hides it).
    Object.assign(values, {
      isPublic: existing.planHiddenAt === null,
      statusHiddenAt: null,
      showingsDecisionPending: false,
    });
  }
  const saved = await saveImported(
    deps.db,
    agent,
    existing,
    existing ? values : { ...values, source: 'mls' },
  );
  if (saved.outcome === 'created') summary.created += 1;
  else if (saved.outcome === 'updated') summary.updated += 1;
  else if (saved.outcome === 'over_limit') {
    summary.overLimitCount = (summary.overLimitCount ?? 0) + 1;
    if (summary.overLimit.length < MLS_SUMMARY_LIST_MAX) summary.overLimit.push(values.address);
  }
}

/** A listing that could not be read: counted, and kept with its reason among the first few. */
function fail(summary: MlsSyncSummary, entry: { key: string; reason: string }) {
  summary.failedCount = (summary.failedCount ?? 0) + 1;
  if (summary.failed.length < MLS_SUMMARY_LIST_MAX) summary.failed.push(entry);
}

/** The RESO record as our property's columns, checked by the property form's rules. */
export function mapListing(
  r: ResoProperty,
): { ok: true; values: NewPropertyColumns } | { ok: false; reason: string } {
  const street = [r.StreetNumber, r.StreetName, r.StreetSuffix].filter(Boolean).join(' ');
  const address =
    (r.UnparsedAddress?.trim() || street) + (r.UnitNumber && !r.UnparsedAddress ? ` #${r.UnitNumber}` : '');
  const type = propertyTypeOf(r.PropertyType, r.PropertySubType) ?? 'Residential';
  const parsed = propertyInputSchema.safeParse({
    address,
    city: r.City ?? '',
    state: r.StateOrProvince ?? '',
    zip_code: r.PostalCode ?? '',
    price: Math.round(r.ListPrice ?? -1),
    bedrooms: r.BedroomsTotal ?? 0,
    bathrooms: r.BathroomsTotalInteger ?? 0,
    property_type: type,
  });
  if (!parsed.success) {
    const fields = fieldErrors(parsed.error.issues);
    return { ok: false, reason: Object.values(fields).join('; ') };
  }
  const d = parsed.data;
  const placed = isCoordinate(r.Latitude, 90) && isCoordinate(r.Longitude, 180);
  return {
    ok: true,
    values: {
      address: d.address,
      city: d.city,
      state: d.state,
      zipCode: d.zip_code,
      price: d.price,
      bedrooms: d.bedrooms,
      bathrooms: d.bathrooms,
      propertyType: d.property_type,
      remarks: r.PublicRemarks?.slice(0, 5000) ?? null,
      mlsListingKey: r.ListingKey,
      mlsNumber: r.ListingId ?? null,
      mlsStatus: r.StandardStatus ?? null,
      ...(placed ? { lat: r.Latitude!, lng: r.Longitude! } : {}),
    },
  };
}

const isCoordinate = (value: number | null | undefined, bound: number) =>
  typeof value === 'number' && Number.isFinite(value) && Math.abs(value) <= bound && value !== 0;

function mediaUrlsOf(r: ResoProperty): string[] {
  return (r.Media ?? [])
    .filter((m) => typeof m.MediaURL === 'string' && /^https?:\/\//i.test(m.MediaURL))
    .sort((a, b) => (a.Order ?? 0) - (b.Order ?? 0))
    .map((m) => m.MediaURL!)
    .slice(0, MAX_PROPERTY_IMAGES);
}

/** Each photo downloaded (guarded, ≤ 5 MB) and checked as an upload is; a photo that fails is left out. */
async function importPhotos(deps: MlsSyncDeps, urls: string[]): Promise<string[]> {
  const stored: string[] = [];
  for (const url of urls) {
    try {
      const bytes = await deps.reso.download(url, MAX_UPLOAD_BYTES);
      if (!bytes) continue;
      const { extension } = checkImage(bytes);
      stored.push(await deps.images.save(bytes, extension));
    } catch {
      // Refused address, not an image, too large, unreachable: the listing is imported without it.
    }
  }
  return stored;
}

export async function futureShowings(db: Db, propertyId: number, now: Date): Promise<number> {
  const [row] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(bookings)
    .where(
      and(
        eq(bookings.propertyId, propertyId),
        inArray(bookings.status, [...FUTURE_SHOWING_STATUSES]),
        gt(bookings.startsAt, now),
      ),
    );
  return row?.n ?? 0;
}

/** Marks the agent's connection as syncing (the screen shows it until the job ends). */
export async function markSyncing(db: Db, agentId: string): Promise<void> {
  await db.update(mlsConnections).set({ status: 'syncing' }).where(eq(mlsConnections.agentId, agentId));
}
