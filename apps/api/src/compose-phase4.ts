// The capabilities of issues 45–47, each with its own composition file, registered in one place so app.ts stays a
// readable list: buyer's agents across the server, a conversation per showing, listing documents (issue 45);
// buyers' own data and the audit log (issue 46); push to the agent's devices (issue 47). None imports this file
// but app.ts.
import type { FastifyInstance } from 'fastify';
import type { NetworkAppDeps } from './compose-network-deps';
import { registerShowingNetwork } from './compose-network';
import { registerShowingThreads } from './compose-threads';
import { registerListingDocuments } from './compose-documents';
import { registerBuyerPrivacy } from './compose-privacy';
import { registerAuditLog } from './compose-audit';
import { registerWebPush } from './compose-push';

export async function registerPhase4Capabilities(app: FastifyInstance, deps: NetworkAppDeps): Promise<void> {
  await registerShowingNetwork(app, deps);
  await registerShowingThreads(app, deps);
  await registerListingDocuments(app, deps);
  await registerBuyerPrivacy(app, deps);
  await registerAuditLog(app, deps);
  await registerWebPush(app, deps);
}
