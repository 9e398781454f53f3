// The push job on the notifications queue (handed in by compose-push.ts): told apart by its `kind`.
import type { QueuedMailHandler } from '../core/mail/queued-mail';
import { isPushJob, type PushJobData } from './queue';
import { runPushJob, type PushSendDeps } from './send';

export function pushJobHandler(deps: PushSendDeps): QueuedMailHandler<PushJobData> {
  return { matches: isPushJob, run: (job) => runPushJob(deps, job.data, job) };
}
