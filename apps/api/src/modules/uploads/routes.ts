// POST /api/uploads: an agent's logo, profile picture or property photo. The type is read from the bytes
// (not the file name or the browser's claim), with a size and a dimension limit.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { isDatabaseUnavailable } from '../../db/unavailable';
import { AppError } from '../../http/errors';
import { currentUser, requireUser } from '../../http/authenticate';
import { requireAgent } from '../core/agents';
import { checkImage, MAX_UPLOAD_BYTES, notImage } from './image-check';
import { findImage, UPLOADS_URL_PREFIX, type ImageBackend } from './storage';

export async function uploadRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; store: ImageBackend; legacyFolder: string },
) {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0 } });
  const r = app.withTypeProvider<ZodTypeProvider>();

  r.get(
    `${UPLOADS_URL_PREFIX}:name`,
    {
      schema: {
        hide: true,
        params: z.object({ name: z.string() }),
      },
    },
    async (req, reply) => {
      const { name } = req.params;
      // Names are content hashes: an image at a URL never changes, so it may be cached for good.
      const etag = `"${name}"`;
      const cached = await findImage(opts.store, name, opts.legacyFolder).catch(storeUnavailable);
      if (!cached) {
        return reply.status(404).send(new AppError(404, 'NOT_FOUND', 'Not found.').toBody());
      }
      reply
        .header('cache-control', 'public, max-age=31536000, immutable')
        .header('etag', etag)
        .header('x-content-type-options', 'nosniff')
        // Public images, meant to be shown anywhere: e-mails load the logo, and the dashboard's e-mail
        // preview is a sandboxed frame (an opaque origin) that helmet's same-origin policy would block
        // (issue 19).
        .header('cross-origin-resource-policy', 'cross-origin');
      if (req.headers['if-none-match'] === etag) return reply.status(304).send();
      return reply.type(cached.contentType).send(cached.bytes);
    },
  );
  const authenticate = requireUser(opts.auth);

  r.post(
    '/api/uploads',
    {
      // A logo or picture needs only a signed-in user: the first-time profile setup uploads them before the
      // profile exists and saves them with it (issue 19). Property photos need the agent profile.
      preValidation: async (request, reply) => {
        await authenticate(request, reply);
        const { kind } = request.query as { kind?: string };
        if (kind !== 'logo' && kind !== 'picture') await requireAgent(opts.db, currentUser(request).id);
      },
      config: { rateLimit: { max: 60, timeWindow: '1 minute' } },
      schema: {
        tags: ['uploads'],
        summary: 'Upload an image (multipart field "file"; PNG, JPEG, WebP or GIF, up to 5 MB)',
        consumes: ['multipart/form-data'],
        querystring: z.object({ kind: z.enum(['logo', 'picture', 'property']).default('property') }),
        response: {
          201: z.object({ success: z.literal(true), url: z.string(), width: z.number(), height: z.number() }),
          400: errorResponseSchema,
          401: errorResponseSchema,
          404: errorResponseSchema,
          413: errorResponseSchema,
          503: errorResponseSchema,
        },
      },
    },
    async (req, reply) => {
      if (!req.isMultipart()) throw notImage();
      const file = await req.file().catch(() => undefined);
      if (!file) throw notImage();
      let bytes: Buffer;
      try {
        bytes = await file.toBuffer();
      } catch {
        throw tooLarge();
      }
      if (file.file.truncated) throw tooLarge();
      const { extension, width, height } = checkImage(bytes);
      const url = await opts.store.save(bytes, extension).catch(storeUnavailable);
      return reply.status(201).send({ success: true as const, url, width, height });
    },
  );
}

/**
 * The image store (an S3-compatible bucket) could not be reached or refused us: a 503 naming it, not a 500.
 * Database errors keep their own answer (503 DATABASE_UNAVAILABLE from the error handler).
 */
function storeUnavailable(err: unknown): never {
  if (isDatabaseUnavailable(err)) throw err;
  throw new AppError(
    503,
    'IMAGE_STORE_UNAVAILABLE',
    'Images cannot be stored or read right now. Please try again in a minute.',
  );
}

function tooLarge() {
  const message = 'That image is larger than 5 MB. Please choose a smaller one.';
  return new AppError(413, 'UPLOAD_TOO_LARGE', message, { file: message });
}
