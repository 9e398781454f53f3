// /api/properties/:id/contacts (issue 32 §2): the "Sellers and occupants" part of a property.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import {
  contactInputSchema,
  contactPatchSchema,
  propertyContactSchema,
} from '@keyturn/domain/schemas/contacts';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { requireAgentContext } from '../core/agent-context';
import { createContact, deleteContact, listContacts, updateContact } from './contacts';
import { approvalOfBooking } from './approval';
import { sellerApprovalStateSchema } from '@keyturn/domain/schemas/sellerApproval';

const errors = {
  400: errorResponseSchema,
  401: errorResponseSchema,
  403: errorResponseSchema,
  404: errorResponseSchema,
  409: errorResponseSchema,
};
const one = z.object({ success: z.literal(true), data: propertyContactSchema });
const params = z.object({ id: z.string() });
const contactParams = z.object({ id: z.string(), contactId: z.string() });
const tags = ['properties'];

export async function contactRoutes(app: FastifyInstance, opts: { auth: Auth; db: Db; now: () => Date }) {
  const { db, now } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.addHook('preValidation', agentOf.hook);

  r.get(
    '/api/properties/:id/contacts',
    {
      schema: {
        tags,
        summary: "The property's sellers, occupants, tenants and co-listing agents",
        params,
        response: {
          200: z.object({ success: z.literal(true), data: z.array(propertyContactSchema) }),
          ...errors,
        },
      },
    },
    async (req) => ({ success: true as const, data: await listContacts(db, agentOf(req), req.params.id) }),
  );
  r.post(
    '/api/properties/:id/contacts',
    {
      schema: {
        tags,
        summary:
          'Add a contact (e-mail or phone required; texts only with consent; approvals on Professional)',
        params,
        body: contactInputSchema,
        response: { 201: one, ...errors },
      },
    },
    async (req, reply) =>
      reply.status(201).send({
        success: true as const,
        data: await createContact(db, agentOf(req), req.params.id, req.body, now()),
      }),
  );
  r.patch(
    '/api/properties/:id/contacts/:contactId',
    {
      schema: {
        tags,
        summary: 'Change a contact',
        params: contactParams,
        body: contactPatchSchema,
        response: { 200: one, ...errors },
      },
    },
    async (req) => ({
      success: true as const,
      data: await updateContact(db, agentOf(req), req.params.id, req.params.contactId, req.body, now()),
    }),
  );
  r.delete(
    '/api/properties/:id/contacts/:contactId',
    {
      schema: {
        tags,
        summary: 'Remove a contact (their links stop working)',
        params: contactParams,
        response: { 200: z.object({ success: z.literal(true) }), ...errors },
      },
    },
    async (req) => {
      await deleteContact(db, agentOf(req), req.params.id, req.params.contactId);
      return { success: true as const };
    },
  );
  r.get(
    '/api/bookings/:id/seller-approval',
    {
      schema: {
        tags: ['bookings'],
        summary: "The booking's seller approval: who was asked, who answered and when (null when none)",
        params,
        response: {
          200: z.object({ success: z.literal(true), data: sellerApprovalStateSchema.nullable() }),
          ...errors,
        },
      },
    },
    async (req) => ({
      success: true as const,
      data: await approvalOfBooking(db, agentOf(req), req.params.id),
    }),
  );
}
