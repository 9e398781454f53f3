// POST /api/uploads: an agent's logo, profile picture or property photo. The type is read from the bytes
// (not the file name or the browser's claim), with a size and a dimension limit.
import type { FastifyInstance } from 'fastify';
import fastifyStatic from '@fastify/static';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { imageSize } from 'image-size';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { AppError } from '../../http/errors';
import { currentUser, requireUser } from '../../http/authenticate';
import { requireAgent } from '../agents/service';
import { UPLOADS_URL_PREFIX, type ImageStore } from './storage';

export const MAX_UPLOAD_BYTES = 5 * 1024 * 1024;
const MAX_SIDE = 6000;
const MIN_SIDE = 16;
const EXTENSIONS: Record<string, string> = { png: 'png', jpg: 'jpg', webp: 'webp', gif: 'gif' };

const notImage = () =>
  new AppError(400, 'UPLOAD_NOT_IMAGE', "That file isn't a PNG, JPEG, WebP or GIF image.", {
    file: "That file isn't a PNG, JPEG, WebP or GIF image.",
  });

export async function uploadRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; db: Db; store: ImageStore; folder: string },
) {
  await app.register(multipart, { limits: { fileSize: MAX_UPLOAD_BYTES, files: 1, fields: 0 } });
  await app.register(fastifyStatic, {
    root: opts.folder,
    prefix: UPLOADS_URL_PREFIX,
    decorateReply: false,
    index: false,
    // Names are content hashes: a file at a URL never changes.
    maxAge: '365d',
    immutable: true,
  });

  const r = app.withTypeProvider<ZodTypeProvider>();
  const authenticate = requireUser(opts.auth);

  r.post(
    '/api/uploads',
    {
      // A logo or picture needs only a signed-in user: the first-time profile setup uploads them before the
      // profile exists and saves them with it (issue 19). Property photos need the agent profile.
      preHandler: async (request, reply) => {
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
      let size: { width?: number; height?: number; type?: string };
      try {
        size = imageSize(bytes);
      } catch {
        throw notImage();
      }
      const extension = size.type ? EXTENSIONS[size.type] : undefined;
      if (!extension || !size.width || !size.height) throw notImage();
      if (
        size.width > MAX_SIDE ||
        size.height > MAX_SIDE ||
        size.width < MIN_SIDE ||
        size.height < MIN_SIDE
      ) {
        const message = `Images must be between ${MIN_SIDE} and ${MAX_SIDE} pixels on each side.`;
        throw new AppError(400, 'UPLOAD_DIMENSIONS', message, { file: message });
      }
      const url = await opts.store.save(bytes, extension);
      return reply.status(201).send({ success: true as const, url, width: size.width, height: size.height });
    },
  );
}

function tooLarge() {
  const message = 'That image is larger than 5 MB. Please choose a smaller one.';
  return new AppError(413, 'UPLOAD_TOO_LARGE', message, { file: message });
}
