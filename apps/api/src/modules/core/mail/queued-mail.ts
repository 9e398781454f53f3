// An e-mail job of another capability on the notifications queue (team and tour invitations, proposals, seller
// mails, digests, access releases, forwarded texts): its owner hands it to the queue's handler at composition.
import type { WorkerJob } from '../../../jobs/workers';

/** Another module's e-mail job on the notifications queue, told apart by its data. */
export type QueuedMailHandler<T extends object> = {
  matches: (data: object) => data is T;
  run: (job: WorkerJob<T>) => Promise<unknown>;
};
