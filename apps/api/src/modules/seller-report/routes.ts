// Seller report routes (issue 32 §4): the public report by a contact's token, and the agent's side — the
// contacts' report links (revoke, re-issue) and the notes written for the seller. Professional and up.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { sellerNotesSchema, sellerReportSchema } from '@keyturn/domain/listing/sellerReport';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import {
  PROPERTY_PART_ERRORS,
  PROPERTY_LINK_ERRORS,
  propertyIdParams,
  propertyPartOf,
} from '../properties/part';
import { requireAgentContext } from '../core/agent-context';
import type { AgentRow } from '../core/agents';
import {
  notesOf,
  reissueReportLink,
  reportLinksOf,
  revokeReportLink,
  saveNotes,
  sellerReport,
  sellerReportUrl,
} from './service';

const errors = PROPERTY_PART_ERRORS;
const tags = ['seller-report'];
const idParams = propertyIdParams;
const contactParams = z.object({ id: z.string(), contactId: z.string().uuid() });
const linksAnswer = z.object({
  success: z.literal(true),
  data: z.object({
    notes: z.string(),
    contacts: z.array(
      z.object({
        contact_id: z.string(),
        name: z.string(),
        role: z.string(),
        url: z.string().nullable(),
        revoked: z.boolean(),
      }),
    ),
  }),
});

type Options = { auth: Auth; db: Db; now: () => Date; publicUrl: string };

export async function sellerReportAgentRoutes(app: FastifyInstance, opts: Options) {
  const { db } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);

  const propertyOf = (agent: AgentRow, id: string) => propertyPartOf(db, agent, id, 'sellerReports');
  const answer = async (propertyId: number) => ({
    success: true as const,
    data: {
      notes: await notesOf(db, propertyId),
      contacts: await reportLinksOf(db, propertyId, opts.publicUrl),
    },
  });

  r.get(
    '/api/properties/:id/seller-report',
    {
      schema: {
        tags,
        summary: "The seller report's links (one per contact) and the agent's notes for the seller",
        params: idParams,
        response: { 200: linksAnswer, ...errors },
      },
    },
    async (req) => answer((await propertyOf(agentOf(req), req.params.id)).id),
  );
  r.put(
    '/api/properties/:id/seller-report/notes',
    {
      schema: {
        tags,
        summary: 'Save the notes the seller reads on their report',
        params: idParams,
        body: sellerNotesSchema,
        response: { 200: linksAnswer, ...errors },
      },
    },
    async (req) => {
      const property = await propertyOf(agentOf(req), req.params.id);
      await saveNotes(db, property.id, req.body.notes, opts.now());
      return answer(property.id);
    },
  );
  r.post(
    '/api/properties/:id/contacts/:contactId/report-link',
    {
      schema: {
        tags,
        summary: 'Issue a new report link for a contact (the old one stops working)',
        params: contactParams,
        response: { 200: z.object({ success: z.literal(true), url: z.string() }), ...errors },
      },
    },
    async (req) => {
      const property = await propertyOf(agentOf(req), req.params.id);
      const token = await reissueReportLink(db, property.id, req.params.contactId);
      return { success: true as const, url: sellerReportUrl(opts.publicUrl, token) };
    },
  );
  r.delete(
    '/api/properties/:id/contacts/:contactId/report-link',
    {
      schema: {
        tags,
        summary: "Revoke a contact's report link",
        params: contactParams,
        response: { 200: linksAnswer, ...errors },
      },
    },
    async (req) => {
      const property = await propertyOf(agentOf(req), req.params.id);
      await revokeReportLink(db, property.id, req.params.contactId, opts.now());
      return answer(property.id);
    },
  );
}

export async function sellerReportPublicRoutes(
  app: FastifyInstance,
  opts: { db: Db; now: () => Date; readLimitPerMinute: number },
) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    '/api/seller/:token',
    {
      config: {
        rateLimit: { max: opts.readLimitPerMinute, timeWindow: '1 minute', groupId: 'public-read' },
      },
      schema: {
        tags,
        summary: "A seller's live report (the contact's link; revoked → 404)",
        params: z.object({ token: z.string().max(200) }),
        response: { 200: sellerReportSchema, ...PROPERTY_LINK_ERRORS },
      },
    },
    async (req) => sellerReport(opts.db, req.params.token, opts.now()),
  );
}
