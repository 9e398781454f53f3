// Where uploaded images live: in PostgreSQL (table `images`), named by the hash of their content — same image,
// same name — so every server on the database serves every image at the same /uploads/<hash>.<ext> URL
// (issue 11; docs/decisions/012). Images uploaded before that were files in DATA_DIR/uploads: they are
// imported at start, and a name still missing from the table is looked up in that folder once.
import { createHash } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq } from 'drizzle-orm';
import type { Db } from '../../db/client';
import { images } from '../../db/schema';

export type ImageStore = {
  /** Saves the bytes and answers the URL path the app serves them at. */
  save: (bytes: Buffer, extension: string) => Promise<string>;
};

export type StoredImage = { contentType: string; bytes: Buffer };

export const UPLOADS_URL_PREFIX = '/uploads/';

export const IMAGE_CONTENT_TYPES: Record<string, string> = {
  png: 'image/png',
  jpg: 'image/jpeg',
  webp: 'image/webp',
  gif: 'image/gif',
};

/** `<32 hex digits>.<known extension>`: the only names an image can have. */
const IMAGE_NAME = /^[0-9a-f]{32}\.(png|jpg|webp|gif)$/;

export function imageName(bytes: Buffer, extension: string): string {
  return `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`;
}

export function databaseImageStore(db: Db): ImageStore {
  return {
    save: async (bytes, extension) => {
      const contentType = IMAGE_CONTENT_TYPES[extension];
      if (!contentType) throw new Error(`Not an image extension: ${extension}`);
      const name = imageName(bytes, extension);
      // The same content twice (two agents, two servers at once) is one row.
      await db.insert(images).values({ name, contentType, bytes }).onConflictDoNothing();
      return `${UPLOADS_URL_PREFIX}${name}`;
    },
  };
}

/**
 * The image stored under `name`, or null. A name not in the table yet is looked for in `legacyFolder` (an
 * upload from before images moved into the database) and imported when found.
 */
export async function findImage(db: Db, name: string, legacyFolder: string): Promise<StoredImage | null> {
  if (!IMAGE_NAME.test(name)) return null;
  const [row] = await db
    .select({ contentType: images.contentType, bytes: images.bytes })
    .from(images)
    .where(eq(images.name, name));
  if (row) return row;
  const bytes = await readFile(path.join(legacyFolder, name)).catch(() => null);
  if (!bytes) return null;
  const contentType = IMAGE_CONTENT_TYPES[name.split('.')[1]!]!;
  await db.insert(images).values({ name, contentType, bytes }).onConflictDoNothing();
  return { contentType, bytes };
}

/** Imports every image file of `folder` (DATA_DIR/uploads of an older version) not yet in the table. */
export async function importImageFolder(db: Db, folder: string): Promise<number> {
  const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => IMAGE_NAME.test(n));
  if (names.length === 0) return 0;
  const present = new Set((await db.select({ name: images.name }).from(images)).map((r) => r.name));
  let imported = 0;
  for (const name of names.filter((n) => !present.has(n))) {
    if (await findImage(db, name, folder)) imported += 1;
  }
  return imported;
}
