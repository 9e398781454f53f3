// The image store this installation uses: an S3-compatible bucket when configured, else PostgreSQL. The one
// choice the server, the admin commands and the demo seed share.
import type { Config } from '../../config';
import type { Db } from '../../db/client';
import { s3ImageStore } from './s3';
import { databaseImageStore, type ImageBackend } from './storage';

export function imageBackendFor(config: Pick<Config, 's3'>, db: Db): ImageBackend {
  return config.s3 ? s3ImageStore(config.s3) : databaseImageStore(db);
}
