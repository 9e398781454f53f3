// For routes that act as the caller's agent: the signed-in user (401 otherwise) and their agent profile
// (404 AGENT_PROFILE_NOT_FOUND until it is set up, spec §8), loaded once per request.
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Auth } from '../../auth';
import type { Db } from '../../db/client';
import { currentUser, requireUser } from '../../http/authenticate';
import { requireAgent, type AgentRow } from './agents';
import { setAuditActor } from '../../db/audit-context';

declare module 'fastify' {
  interface FastifyRequest {
    agent: AgentRow | null;
  }
}

export type AgentContext = ((request: FastifyRequest) => AgentRow) & {
  hook: (request: FastifyRequest, reply: FastifyReply) => Promise<void>;
};

export function requireAgentContext(auth: Auth, db: Db): AgentContext {
  const authenticate = requireUser(auth);
  const agentOf = ((request: FastifyRequest) => {
    if (!request.agent) throw new Error('requireAgentContext hook did not run for this route');
    return request.agent;
  }) as AgentContext;
  agentOf.hook = async (request, reply) => {
    await authenticate(request, reply);
    request.agent = await requireAgent(db, currentUser(request).id);
    // Issue 46: the audit log's actor is this agent — a buyer's agent on the showing network's pages.
    setAuditActor(request.auditStore, {
      kind: request.url.startsWith('/api/network') ? 'buyer_agent' : 'agent',
      id: request.agent.id,
      label: request.agent.email,
    });
  };
  return agentOf;
}
