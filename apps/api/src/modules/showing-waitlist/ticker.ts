// Issue 44 "Waitlist": the worker's minute ticker — each agent with buyers in line gets a refill (ended offers
// closed, times that opened by any change, new hours included, offered), as the refill job after a change does.
import type { JobTicker, WorkerLog } from '../../jobs/workers';
import { agentsWithWaitingBuyers, refillWaitlist, type RefillDeps } from './offers';

export async function refillAllWaitlists(deps: RefillDeps): Promise<number> {
  let offers = 0;
  for (const agentId of await agentsWithWaitingBuyers(deps.ctx.db))
    offers += await refillWaitlist(deps, agentId);
  return offers;
}

export function waitlistTicker(deps: RefillDeps, log: WorkerLog): JobTicker {
  return {
    everyMs: 60_000,
    run: () =>
      refillAllWaitlists(deps).then(
        () => {},
        (err: unknown) => log.error(`[waitlist] refill failed: ${String(err)}`),
      ),
  };
}
