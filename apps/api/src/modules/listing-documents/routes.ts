// Issue 45 "Listing documents": the agent's routes (a listing's documents, the requests waiting for a decision,
// a document's download log), the public ones (the booking page's list, the buyer's manage page, asking for a
// document) and the signed download link. The rules: service.ts and public.ts.
import type { FastifyInstance } from 'fastify';
import multipart from '@fastify/multipart';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  agentDocumentSchema,
  buyerDocumentSchema,
  DOCUMENT_MAX_BYTES,
  DOCUMENT_TEXTS,
  documentDownloadSchema,
  documentNameSchema,
  documentPatchSchema,
  documentRequestSchema,
  documentRuleSchema,
  publicDocumentSchema,
} from '@keyturn/domain/listing/documents';
import type { Auth } from '../../auth';
import { AppError, validationError } from '../../http/errors';
import { requireAgentContext } from '../core/agent-context';
import { publicErrors, publicLimits } from '../booking-public/routes';
import { tooLarge } from './file-check';
import {
  decideRequest,
  deleteDocument,
  downloadLog,
  listDocuments,
  patchDocument,
  pendingRequests,
  uploadDocument,
  type DocumentsDeps,
} from './service';
import { buyerDocuments, downloadDocument, publicDocuments, requestDocument } from './public';

const tags = ['documents'];
const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
  413: errorResponseSchema,
  415: errorResponseSchema,
};
const propertyParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });
const docParams = propertyParams.extend({ docId: z.string().max(100) });
const ok = z.object({ success: z.literal(true) });

export async function documentAgentRoutes(
  app: FastifyInstance,
  opts: { auth: Auth; deps: DocumentsDeps; now: () => Date },
) {
  const { deps, now } = opts;
  const { db } = deps;
  // A document is one file of at most 20 MB with its name and rule as fields (this plugin's scope only).
  await app.register(multipart, {
    limits: { fileSize: DOCUMENT_MAX_BYTES, files: 1, fields: 4, fieldSize: 2000, parts: 6 },
  });
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);

  r.post(
    '/api/properties/:id/documents',
    {
      config: { rateLimit: { max: 30, timeWindow: '1 minute' } },
      schema: {
        tags,
        summary:
          'Upload a listing document (multipart: fields "name" and "rule", then "file": PDF, JPEG or PNG, up to 20 MB)',
        consumes: ['multipart/form-data'],
        params: propertyParams,
        response: { 201: z.object({ success: z.literal(true), data: agentDocumentSchema }), ...errors },
      },
    },
    async (req, reply) => {
      const noFile = DOCUMENT_TEXTS.errors.noFile;
      if (!req.isMultipart()) throw new AppError(415, 'DOCUMENT_TYPE_NOT_ALLOWED', noFile, { file: noFile });
      const fields: Record<string, string> = {};
      let bytes: Buffer | null = null;
      try {
        for await (const part of req.parts()) {
          if (part.type === 'file') {
            if (part.fieldname !== 'file' || bytes) {
              part.file.resume();
              continue;
            }
            bytes = await part.toBuffer();
            if (part.file.truncated) throw tooLarge();
          } else if (typeof part.value === 'string') {
            fields[part.fieldname] = part.value;
          }
        }
      } catch (err) {
        if (err instanceof AppError) throw err;
        const code = (err as { code?: string }).code ?? '';
        if (code === 'FST_REQ_FILE_TOO_LARGE') throw tooLarge();
        const unreadable = DOCUMENT_TEXTS.errors.unreadable;
        throw new AppError(400, 'VALIDATION_ERROR', unreadable, { file: unreadable });
      }
      const name = documentNameSchema.safeParse(fields.name ?? '');
      const rule = documentRuleSchema.safeParse(fields.rule ?? '');
      if (!name.success || !rule.success || !bytes) {
        throw validationError({
          ...(name.success
            ? {}
            : { name: name.error.issues[0]?.message ?? DOCUMENT_TEXTS.errors.nameRequired }),
          ...(rule.success
            ? {}
            : { rule: rule.error.issues[0]?.message ?? DOCUMENT_TEXTS.errors.ruleRequired }),
          ...(bytes ? {} : { file: noFile }),
        });
      }
      const data = await uploadDocument(
        deps,
        agentOf(req).id,
        req.params.id,
        { name: name.data, rule: rule.data, bytes },
        now(),
      );
      return reply.status(201).send({ success: true as const, data });
    },
  );
  r.get(
    '/api/properties/:id/documents',
    {
      schema: {
        tags,
        summary: "A listing's documents with their rule, download count and a one-hour link",
        params: propertyParams,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(agentDocumentSchema) }),
          ...errors,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await listDocuments(deps, agentOf(req).id, req.params.id, now()),
    }),
  );
  r.patch(
    '/api/properties/:id/documents/:docId',
    {
      schema: {
        tags,
        summary: 'Rename a document or change who gets it',
        params: docParams,
        body: documentPatchSchema,
        response: { 200: z.object({ success: z.literal(true), data: agentDocumentSchema }), ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await patchDocument(deps, agentOf(req).id, req.params.id, req.params.docId, req.body, now()),
    }),
  );
  r.delete(
    '/api/properties/:id/documents/:docId',
    {
      schema: {
        tags,
        summary: 'Delete a document (links already sent stop working)',
        params: docParams,
        response: { 200: ok, ...errors },
      },
    },
    async (req) => {
      await deleteDocument(db, agentOf(req).id, req.params.id, req.params.docId, now());
      return { success: true as const };
    },
  );
  r.get(
    '/api/properties/:id/documents/:docId/downloads',
    {
      schema: {
        tags,
        summary: "A document's download log: whose link, which booking, when",
        params: docParams,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(documentDownloadSchema) }),
          ...errors,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await downloadLog(db, agentOf(req).id, req.params.id, req.params.docId),
    }),
  );
  r.get(
    '/api/document-requests',
    {
      schema: {
        tags,
        summary: "Buyers' requests for your on-request documents, waiting for your decision",
        response: {
          200: z.object({ success: z.literal(true), data: z.array(documentRequestSchema) }),
          ...errors,
        },
      },
    },
    async (req) => ({ success: true as const, data: await pendingRequests(db, agentOf(req).id) }),
  );
  for (const [action, decision] of [
    ['approve', 'approved'],
    ['decline', 'declined'],
  ] as const) {
    r.post(
      `/api/document-requests/:id/${action}`,
      {
        schema: {
          tags,
          summary:
            decision === 'approved'
              ? 'Approve a request: the buyer is e-mailed the link'
              : 'Decline a request: no link is sent',
          params: z.object({ id: z.string().max(100) }),
          response: {
            200: z.object({
              success: z.literal(true),
              data: z.object({ id: z.string(), status: z.enum(['approved', 'declined']) }),
            }),
            ...errors,
          },
        },
      },
      async (req) => ({
        success: true as const,
        data: await decideRequest(deps, agentOf(req).id, req.params.id, decision, now()),
      }),
    );
  }
}

export async function documentPublicRoutes(
  app: FastifyInstance,
  opts: { deps: DocumentsDeps; now: () => Date; writeLimitPerMinute: number; readLimitPerMinute: number },
) {
  const { writeLimit, readLimit } = publicLimits(opts);
  const pub = {
    db: opts.deps.db,
    queue: opts.deps.queue,
    signer: opts.deps.signer,
    publicUrl: opts.deps.publicUrl,
    now: opts.now,
  };
  const r = app.withTypeProvider<ZodTypeProvider>();
  const ptags = ['public booking'];
  const errs = { ...publicErrors, 410: errorResponseSchema };
  r.get(
    '/api/booking/properties/:propertyId/documents',
    {
      config: readLimit,
      schema: {
        tags: ptags,
        summary: "A listing's public documents, each with a link that works for an hour",
        params: z.object({ propertyId: z.string().max(100) }),
        response: {
          200: z.object({ success: z.literal(true), data: z.array(publicDocumentSchema) }),
          ...errs,
        },
      },
    },
    async (req) => ({ success: true as const, data: await publicDocuments(pub, req.params.propertyId) }),
  );
  r.get(
    '/api/booking/manage/:token/documents',
    {
      config: readLimit,
      schema: {
        tags: ptags,
        summary: "The documents this booking's buyer may open, ask for, or get after the showing",
        params: z.object({ token: z.string().max(200) }),
        response: {
          200: z.object({ success: z.literal(true), data: z.array(buyerDocumentSchema) }),
          ...errs,
        },
      },
    },
    async (req) => ({ success: true as const, data: await buyerDocuments(pub, req.params.token) }),
  );
  r.post(
    '/api/booking/manage/:token/documents/:docId/request',
    {
      config: writeLimit,
      schema: {
        tags: ptags,
        summary: 'Ask the agent for an on-request document (asking again changes nothing)',
        params: z.object({ token: z.string().max(200), docId: z.string().max(100) }),
        response: { 200: z.object({ success: z.literal(true), data: buyerDocumentSchema }), ...errs },
      },
    },
    async (req) => ({
      success: true as const,
      data: await requestDocument(pub, req.params.token, req.params.docId),
    }),
  );
  r.get(
    '/api/documents/download',
    {
      config: readLimit,
      schema: {
        tags: ptags,
        summary: 'Download a document through its signed link (404 not valid, 410 expired)',
        querystring: z.object({ token: z.string().max(400).default('') }),
      },
    },
    async (req, reply) => {
      const file = await downloadDocument(pub, req.query.token, req.ip);
      const ascii = file.fileName.replace(/[^\x20-\x7e]/g, '_').replace(/"/g, '');
      return reply
        .header('content-type', file.contentType)
        .header(
          'content-disposition',
          `attachment; filename="${ascii}"; filename*=UTF-8''${encodeURIComponent(file.fileName)}`,
        )
        .header('cache-control', 'private, no-store')
        .header('x-content-type-options', 'nosniff')
        .send(file.bytes);
    },
  );
}
