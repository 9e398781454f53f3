// Images in an S3-compatible bucket (AWS S3, MinIO, Cloudflare R2, Backblaze B2, …) instead of PostgreSQL, when
// S3_BUCKET is set. Path-style object URLs `{S3_ENDPOINT}/{bucket}/uploads/{name}` (every S3-compatible server
// accepts them), signed with AWS Signature Version 4 (aws4fetch) over the real payload hash. The servers still
// serve the images at /uploads/<name> (same URLs, same immutable caching), reading them from the bucket.
import { createHash } from 'node:crypto';
import { AwsClient } from 'aws4fetch';
import { contentAddressed, contentTypeOf, type ImageBackend, type StoredImage } from './storage';

export type S3Options = {
  endpoint: string;
  bucket: string;
  region: string;
  accessKeyId: string;
  secretAccessKey: string;
};

/** Objects live under this key prefix in the bucket. */
export const S3_KEY_PREFIX = 'uploads/';
const TIMEOUT_MS = 15_000;

export function s3ImageStore(options: S3Options): ImageBackend {
  const client = new AwsClient({
    accessKeyId: options.accessKeyId,
    secretAccessKey: options.secretAccessKey,
    service: 's3',
    region: options.region,
    retries: 2,
  });
  const urlOf = (name: string) =>
    `${options.endpoint}/${encodeURIComponent(options.bucket)}/${S3_KEY_PREFIX}${encodeURIComponent(name)}`;
  const call = async (method: 'GET' | 'HEAD' | 'PUT', name: string, body?: StoredImage) => {
    const payload = body ? new Uint8Array(body.bytes) : undefined;
    const res = await client.fetch(urlOf(name), {
      method,
      body: payload,
      headers: {
        'x-amz-content-sha256': createHash('sha256')
          .update(payload ?? Buffer.alloc(0))
          .digest('hex'),
        ...(body
          ? { 'content-type': body.contentType, 'cache-control': 'public, max-age=31536000, immutable' }
          : {}),
      },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
    if (res.ok || res.status === 404) return res;
    const detail = (await res.text().catch(() => '')).slice(0, 200);
    throw new Error(`The image store answered ${res.status} to ${method} ${name}: ${detail}`);
  };
  const put = async (name: string, image: StoredImage) => {
    await call('PUT', name, image);
  };
  return {
    save: contentAddressed(put),
    put,
    load: async (name) => {
      const res = await call('GET', name);
      if (res.status === 404) return null;
      return {
        contentType: res.headers.get('content-type') ?? contentTypeOf(name),
        bytes: Buffer.from(await res.arrayBuffer()),
      };
    },
    has: async (name) => (await call('HEAD', name)).status !== 404,
  };
}
