// Issue 45's three capabilities (buyer's agents and their requests, a conversation per showing, listing
// documents): what their composition files (compose-network.ts, compose-threads.ts, compose-documents.ts) are
// handed by app.ts and compose-workers.ts.
import type { Auth } from './auth';
import type { Config, MapsConfig } from './config';
import type { JobQueue } from './jobs/queue';
import type { PublicContext } from './modules/booking-public/context';
import type { BookingNotifier } from './modules/core/notifications/scheduler';
import type { ImageBackend } from './modules/uploads/storage';
import type { SmsSender } from './adapters/sms';
import type { Mailer } from './adapters/mail';
import type { Db } from './db/client';
import type { AgentPush } from './modules/web-push/queue';

export type NetworkAppDeps = {
  auth: Auth;
  ctx: PublicContext;
  queue: JobQueue;
  config: Config;
  images: ImageBackend;
  limits: { writeLimitPerMinute: number; readLimitPerMinute: number };
  /** The maps configuration in force (Server settings' overrides): the tours' drive times. */
  maps: () => Promise<MapsConfig>;
};

export type NetworkMailDeps = {
  db: Db;
  mailer: Mailer;
  sms: SmsSender;
  smsDefaultCountry: string;
  publicUrl: string;
  mailFrom: string;
  now: () => Date;
  config: Config;
  /** The maps configuration in force, and the full booking notifier (a tour's re-plan moves requests). */
  maps: () => Promise<MapsConfig>;
  notify: BookingNotifier;
  /** Issue 47: queues a push to an agent's devices from a worker's job (compose-push.ts agentPushOf). */
  agentPush?: AgentPush;
};
