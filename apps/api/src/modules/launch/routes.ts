// GET /api/public/launch (issue 40, decision 069): whether the public site is launched — the same answer for
// every visitor, read by the server's renderer of the marketing pages (decision 034) and by the browser.
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { LAUNCH_URL } from '@keyturn/domain/launch';
import { launchStateSchema } from '@keyturn/domain/schemas/launch';

export async function launchRoutes(app: FastifyInstance, opts: { launched: () => Promise<boolean> }) {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    LAUNCH_URL,
    {
      schema: {
        tags: ['public site'],
        summary:
          'Whether the public site is launched (sign-up and trial) or before launch (waiting list, launch date)',
        response: { 200: launchStateSchema },
      },
    },
    async (_request, reply) => {
      // Cacheable, but asked again each time: the administrator's switch shows on the next page view.
      void reply.header('cache-control', 'no-cache');
      return { launched: await opts.launched() };
    },
  );
}
