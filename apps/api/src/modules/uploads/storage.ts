// Where uploaded images live: in PostgreSQL (table `images`) by default, or in an S3-compatible bucket when
// configured (s3.ts) — named by the hash of their content (same image, same name) and served by every server
// at the same /uploads/<hash>.<ext> URL (issue 11; docs/decisions/012). Images uploaded before that were files
// in DATA_DIR/uploads: they are imported at start, and a name still missing is looked up in that folder once.
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

/** A store the /uploads/ route can also read from (the ImageStore signature itself is unchanged). */
export type ImageBackend = ImageStore & {
  /** The image stored under `name`, or null. */
  load: (name: string) => Promise<StoredImage | null>;
  /** Stores an image under a name already checked (an import). */
  put: (name: string, image: StoredImage) => Promise<void>;
  has: (name: string) => Promise<boolean>;
};

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

/** Same bytes, same name and URL: `<32 hex of the SHA-256>.<ext>`; saving twice stores one copy. */
export function contentAddressed(
  put: (name: string, image: StoredImage) => Promise<void>,
): ImageStore['save'] {
  return async (bytes, extension) => {
    const contentType = IMAGE_CONTENT_TYPES[extension];
    if (!contentType) throw new Error(`Not an image extension: ${extension}`);
    const name = imageName(bytes, extension);
    await put(name, { contentType, bytes });
    return `${UPLOADS_URL_PREFIX}${name}`;
  };
}

export function databaseImageStore(db: Db): ImageBackend {
  const put = async (name: string, image: StoredImage) => {
    // The same content twice (two agents, two servers at once) is one row.
    await db
      .insert(images)
      .values({ name, ...image })
      .onConflictDoNothing();
  };
  return {
    save: contentAddressed(put),
    put,
    load: async (name) => {
      const [row] = await db
        .select({ contentType: images.contentType, bytes: images.bytes })
        .from(images)
        .where(eq(images.name, name));
      return row ?? null;
    },
    has: async (name) =>
      (await db.select({ name: images.name }).from(images).where(eq(images.name, name))).length > 0,
  };
}

/** The content type of an image name (`<hash>.png` → image/png). */
export function contentTypeOf(name: string): string {
  return IMAGE_CONTENT_TYPES[name.split('.')[1] ?? ''] ?? 'application/octet-stream';
}

export function isImageName(name: string): boolean {
  return IMAGE_NAME.test(name);
}

/**
 * The image stored under `name`, or null. A name not stored yet is looked for in `legacyFolder` (an upload
 * from before images left the local disk) and imported when found.
 */
export async function findImage(
  store: ImageBackend,
  name: string,
  legacyFolder: string,
): Promise<StoredImage | null> {
  if (!IMAGE_NAME.test(name)) return null;
  const found = await store.load(name);
  if (found) return found;
  const bytes = await readFile(path.join(legacyFolder, name)).catch(() => null);
  if (!bytes) return null;
  const image = { contentType: contentTypeOf(name), bytes };
  await store.put(name, image);
  return image;
}

/** Imports every image file of `folder` (DATA_DIR/uploads of an older version) not yet in the store. */
export async function importImageFolder(store: ImageBackend, folder: string): Promise<number> {
  const names = (await readdir(folder).catch(() => [] as string[])).filter((n) => IMAGE_NAME.test(n));
  let imported = 0;
  for (const name of names) {
    if (await store.has(name)) continue;
    if (await findImage(store, name, folder)) imported += 1;
  }
  return imported;
}
