// Where uploaded images live. One interface, so an S3-compatible store can replace the folder later; by
// default files go to DATA_DIR/uploads, named by the hash of their content (same image → same file).
import { createHash } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';

export type ImageStore = {
  /** Saves the bytes and answers the URL path the app serves them at. */
  save: (bytes: Buffer, extension: string) => Promise<string>;
};

export const UPLOADS_URL_PREFIX = '/uploads/';

export function folderImageStore(folder: string): ImageStore {
  return {
    save: async (bytes, extension) => {
      await mkdir(folder, { recursive: true });
      const name = `${createHash('sha256').update(bytes).digest('hex').slice(0, 32)}.${extension}`;
      await writeFile(path.join(folder, name), bytes);
      return `${UPLOADS_URL_PREFIX}${name}`;
    },
  };
}
