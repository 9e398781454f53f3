// GET /api/figures (issue 29, decision 046): every figure outside reports for the caller — their own, and
// their team's labelled as the team's — each from its one function in ./service.ts.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorResponseSchema } from '@keyturn/domain/schemas/common';
import { figuresSchema } from '@keyturn/domain/schemas/figures';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { requireAgentContext } from '../core/agent-context';
import { figuresOf } from './service';

export async function figureRoutes(app: FastifyInstance, opts: { auth: Auth; db: Db; now: () => Date }) {
  const { db, now } = opts;
  const r = app.withTypeProvider<ZodTypeProvider>();
  const agentOf = requireAgentContext(opts.auth, db);
  r.get(
    '/api/figures',
    {
      preValidation: agentOf.hook,
      schema: {
        tags: ['figures'],
        summary:
          "The caller's figures outside reports (pending requests, bookings made this month, properties, " +
          "buyers by class today), and the team's bookings and properties for an agent in a team",
        response: {
          200: z.object({ success: z.literal(true), data: figuresSchema }),
          401: errorResponseSchema,
          404: errorResponseSchema,
        },
      },
    },
    async (req) => ({ success: true as const, data: await figuresOf(db, agentOf(req), now()) }),
  );
}
