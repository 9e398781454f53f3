// Writes the demo dataset (data.ts, generate.ts) for the demo agent: her profile on the Professional plan,
// seven Austin listings with photos saved through the ImageStore, Mon–Fri hours with "Require my approval" on,
// texts switched on (all from data.ts), and the generated bookings. Each booking's past is replayed through
// the real notification pipeline with the clock set to when each event happened (runNotificationJob: the same
// templates, idempotency keys and stored copies as a live send; always written as files, never to a real
// mailbox); what lies ahead — reminders, feedback requests — is put on the job queue by the real scheduler.
// `resetDemo` removes only the demo agent's data and builds it again (`npm run admin -- reset-demo`).
import { and, count, eq } from 'drizzle-orm';
import { splitBudgetRange } from '@keyturn/domain/budget';
import { DEMO_TEXTS } from '@keyturn/domain/demo';
import { SMS_CONSENT_VERSION } from '@keyturn/domain/texts/consent';
import { toE164 } from '../modules/core/mail/phone';
import { createMailer, type Mailer } from '../adapters/mail';
import { databaseOutbox } from '../adapters/outbox';
import { createSmsSender, type SmsSender } from '../adapters/sms';
import type { Auth } from '../auth';
import type { Config } from '../config';
import type { Db } from '../db/client';
import {
  agents,
  bookings,
  feedback,
  notificationJobs,
  notificationMessages,
  properties,
  smsConsentLedger,
  users,
} from '../db/schema';
import type { JobQueue } from '../jobs/queue';
import { replaceAvailability } from '../modules/availability/service';
import { acknowledgeDefaults, writeSettings } from '../modules/core/agent-settings';
import { insertBooking, type BookingRow } from '../modules/bookings/service';
import { backfillLeadClasses } from '../modules/leads/classes';
import type { ImageStore } from '../modules/uploads/storage';
import type { Actor, NotificationEvent, NotificationJobData } from '../modules/core/notifications/catalogue';
import { runNotificationJob, type NotificationDeps } from '../modules/notifications/handler';
import { bookingNotifier, jobIdOf } from '../modules/core/notifications/scheduler';
import { notificationSettingsOf } from '../modules/core/notifications/settings';
import {
  DEMO_AGENT,
  DEMO_AVAILABILITY,
  DEMO_BRAND_RGB,
  DEMO_NOTIFICATION_SETTINGS,
  DEMO_PROPERTIES,
} from './data';
import { generateDemo, type DemoBooking } from './generate';
import { demoAccount } from '../modules/core/demo-identity';
import { clearDemoData } from '../modules/demo/remove';
import { exteriorPhoto, interiorPhoto, logoImage, portraitImage } from './images';

export { DEMO_AGENT } from './data';

export type DemoDeps = {
  db: Db;
  /** Creates the demo's account when missing; the daily reset (demo/jobs.ts) rebuilds an existing one only. */
  auth?: Auth;
  queue: JobQueue;
  images: ImageStore;
  config: Pick<Config, 'dataDir' | 'publicUrl' | 'mail' | 'sms'>;
  now?: () => Date;
};

/** Bookings written at once (each holds a pooled connection while its history replays). */
const SEED_CONCURRENCY = 4;

export type SeedResult = { agentId: string; username: string; bookings: number; messages: number };

/** On an empty database (no users at all), the demo agent and her history. */
export async function seedDemoIfEmpty(deps: DemoDeps): Promise<SeedResult | null> {
  const [row] = await deps.db.select({ n: count() }).from(users);
  if ((row?.n ?? 0) > 0) return null;
  return buildDemo(deps);
}

/** Drops the demo agent's data (nobody else's) and builds it again for today; creates the agent if missing. */
export async function resetDemo(deps: DemoDeps): Promise<SeedResult> {
  const [agent] = await deps.db.select().from(agents).where(eq(agents.email, DEMO_AGENT.email));
  if (agent) await clearDemoData(deps, agent.id);
  return buildDemo(deps);
}

/** Resets the demo when this server has one (the daily job): a removed demo stays removed. */
export async function resetDemoIfPresent(deps: DemoDeps): Promise<SeedResult | null> {
  const account = await demoAccount(deps.db);
  if (!account?.agentId) return null;
  return resetDemo(deps);
}

async function ensureDemoAgent(db: Db, auth: Auth | undefined) {
  const d = DEMO_AGENT;
  let [user] = await db.select({ id: users.id }).from(users).where(eq(users.email, d.email));
  if (!user) {
    if (!auth) throw new Error('the demo account is gone (removed in Server settings): not rebuilt');
    const signUp = await auth.api.signUpEmail({
      body: {
        email: d.email,
        password: d.password,
        name: `${d.firstName} ${d.lastName}`,
        firstName: d.firstName,
        lastName: d.lastName,
      },
    });
    user = { id: signUp.user.id };
  }
  const profile = {
    username: d.username,
    firstName: d.firstName,
    lastName: d.lastName,
    email: d.email,
    phone: d.phone,
    companyName: d.companyName,
    timeZone: d.timeZone,
    plan: d.plan,
  };
  const [agent] = await db
    .insert(agents)
    .values({ userId: user.id, ...profile })
    .onConflictDoUpdate({ target: agents.userId, set: profile })
    .returning();
  if (!agent) throw new Error('demo agent was not created');
  return agent;
}

async function buildDemo(deps: DemoDeps): Promise<SeedResult> {
  const { db, config } = deps;
  const now = (deps.now ?? (() => new Date()))();
  const branded = await ensureDemoAgent(db, deps.auth);
  const [agent] = await db
    .update(agents)
    .set({
      logoUrl: await deps.images.save(logoImage(DEMO_BRAND_RGB), 'png'),
      profilePictureUrl: await deps.images.save(portraitImage(), 'png'),
    })
    .where(eq(agents.id, branded.id))
    .returning();
  if (!agent) throw new Error('demo agent vanished');

  const propertyIds: number[] = [];
  for (const p of DEMO_PROPERTIES) {
    const images = [
      await deps.images.save(exteriorPhoto(p.scene), 'png'),
      await deps.images.save(interiorPhoto(p.scene), 'png'),
    ];
    const [row] = await db
      .insert(properties)
      .values({
        agentId: agent.id,
        address: p.address,
        city: p.city,
        state: p.state,
        zipCode: p.zipCode,
        price: p.price,
        bedrooms: p.bedrooms,
        bathrooms: p.bathrooms,
        propertyType: p.propertyType,
        lat: p.lat,
        lng: p.lng,
        images,
        createdAt: new Date(now.getTime() - 120 * 86_400_000),
      })
      .returning({ id: properties.id });
    propertyIds.push(row!.id);
  }
  await replaceAvailability(db, agent.id, DEMO_AVAILABILITY);
  await writeSettings(db, agent.id, 'notifications', DEMO_NOTIFICATION_SETTINGS);
  await acknowledgeDefaults(db, agent.id, 'notifications');
  await acknowledgeDefaults(db, agent.id, 'feedback');

  const settings = await notificationSettingsOf(db, agent.id);
  const files = fileAdapters(config, db);
  const notifier = bookingNotifier(deps.queue, () => now);
  const demo = generateDemo(now, { timeZone: agent.timeZone });
  const writeBooking = async (item: DemoBooking) => {
    const row = await insertBooking(db, {
      agentId: agent.id,
      propertyId: item.propertyIndex === null ? null : propertyIds[item.propertyIndex]!,
      clientName: item.buyer.name,
      clientEmail: item.buyer.email,
      clientPhone: item.buyer.phone,
      buyerType: item.buyer.buyerType,
      ...budgetColumns(item.buyer.budget),
      incomeRange: item.buyer.income,
      bookingPurpose: item.purpose,
      customPurpose: item.customPurpose,
      message: item.message,
      status: item.requested ? 'pending' : 'confirmed',
      startsAt: item.startsAt,
      endsAt: item.endsAt,
      // Issue 33: the demo's buyers ticked "Text me about this showing", so its text reminders hold up.
      smsConsentVersion: SMS_CONSENT_VERSION,
      smsConsentAt: item.createdAt,
      createdAt: item.createdAt,
      updatedAt: item.createdAt,
    });
    await db.insert(smsConsentLedger).values({
      phone: toE164(item.buyer.phone, config.sms.defaultCountry) ?? item.buyer.phone,
      agentId: agent.id,
      bookingId: row.id,
      event: 'consent',
      wordingVersion: SMS_CONSENT_VERSION,
      userAgent: 'Keyturn demo data',
      page: `/${agent.username}`,
      createdAt: item.createdAt,
    });
    for (const step of historyOf(item, settings, now)) {
      if (step.status) await db.update(bookings).set({ status: step.status }).where(eq(bookings.id, row.id));
      if (step.event) await replay(deps, files, row, step.event, step.at, step.actor, step.data);
    }
    const last = item.cancellation?.at ?? item.decision?.at ?? item.createdAt;
    await db
      .update(bookings)
      .set({
        status: item.status,
        cancelReason: item.cancellation?.reason ?? null,
        updatedAt: item.status === 'completed' || item.status === 'no_show' ? item.endsAt : last,
      })
      .where(eq(bookings.id, row.id));
    if (item.feedback) {
      const f = item.feedback;
      await db.insert(feedback).values({
        bookingId: row.id,
        agentId: agent.id,
        rating: f.rating,
        interestLevel: f.interest,
        priceOpinion: f.price,
        liked: f.liked,
        disliked: f.disliked,
        secondShowing: f.secondShowing,
        comments: f.comments,
        createdAt: f.at,
        updatedAt: f.at,
      });
    }
    const feedbackDue =
      item.endsAt.getTime() + settings.feedback.delay_minutes_after_showing * 60_000 > now.getTime();
    const active = item.status === 'pending' || item.status === 'confirmed' || item.status === 'completed';
    if (active && feedbackDue) {
      // Still ahead: the real scheduler queues its reminders and feedback request.
      await db.transaction((tx) => notifier.ahead(tx, { ...row, status: item.status }, 'buyer'));
    }
  };
  // Bookings are independent of one another (their slots never overlap): a few at a time.
  for (let i = 0; i < demo.length; i += SEED_CONCURRENCY) {
    await Promise.all(demo.slice(i, i + SEED_CONCURRENCY).map(writeBooking));
  }
  files.mailer.close();
  // The history above was written straight into the tables: the demo's leads get their stored classes here
  // (all of them again, so a reset's leftover leads without bookings lose theirs).
  await backfillLeadClasses(db, { agentId: agent.id, recompute: true });
  // The replayed messages went out when their events happened, not now. They are the demo's made-up past, kept
  // as files like any message written without a mail server ("Saved as a file"); what the demo sends from
  // now on is kept the same way and shown as not sent (decision 064).
  await db
    .update(notificationMessages)
    .set({ status: 'sent', lastError: null })
    .where(
      and(eq(notificationMessages.agentId, agent.id), eq(notificationMessages.lastError, DEMO_TEXTS.notSent)),
    );
  const replayed = await db
    .update(notificationMessages)
    .set({
      sentAt: notificationMessages.scheduledFor,
      createdAt: notificationMessages.scheduledFor,
      updatedAt: notificationMessages.scheduledFor,
    })
    .where(eq(notificationMessages.agentId, agent.id))
    .returning({ id: notificationMessages.id });
  return { agentId: agent.id, username: agent.username, bookings: demo.length, messages: replayed.length };
}

type Step = {
  at: Date;
  status?: BookingRow['status'];
  event?: NotificationEvent;
  actor: Actor;
  data?: Partial<NotificationJobData>;
};

/** What happened to one booking up to now, in time order: status changes and the events they queued. */
export function historyOf(
  item: DemoBooking,
  settings: {
    notifications: { reminder_offsets_minutes: number[] };
    feedback: { delay_minutes_after_showing: number };
  },
  now: Date,
): Step[] {
  const steps: Step[] = [
    {
      at: item.createdAt,
      event: 'booking_created',
      actor: 'buyer',
      data: { status: item.requested ? 'pending' : 'confirmed' },
    },
  ];
  if (item.decision) {
    steps.push(
      item.decision.approved
        ? { at: item.decision.at, status: 'confirmed', event: 'booking_approved', actor: 'agent' }
        : { at: item.decision.at, status: 'declined', event: 'booking_declined', actor: 'agent' },
    );
  }
  const confirmedFrom = item.requested ? (item.decision?.approved ? item.decision.at : null) : item.createdAt;
  const endedAt = item.cancellation?.at ?? null;
  if (confirmedFrom) {
    for (const offset of settings.notifications.reminder_offsets_minutes) {
      const due = new Date(item.startsAt.getTime() - offset * 60_000);
      if (due <= item.createdAt || due >= now) continue;
      if (due < confirmedFrom || (endedAt && due >= endedAt)) continue;
      steps.push({
        at: due,
        event: 'reminder',
        actor: 'buyer',
        data: { offsetMinutes: offset, startsAt: item.startsAt.toISOString() },
      });
    }
  }
  if (item.cancellation) {
    steps.push({
      at: item.cancellation.at,
      status: 'cancelled',
      event: 'booking_cancelled',
      actor: item.cancellation.by,
    });
  }
  if (item.status === 'completed') {
    const askedAt = new Date(item.endsAt.getTime() + settings.feedback.delay_minutes_after_showing * 60_000);
    // The agent marks the showing done; the feedback request goes out after the delay (if that has passed).
    steps.push({ at: item.endsAt, status: 'completed', actor: 'agent' });
    if (askedAt < now) steps.push({ at: askedAt, event: 'feedback_request', actor: 'buyer' });
  }
  return steps.sort((a, b) => a.at.getTime() - b.at.getTime());
}

type FileAdapters = { mailer: Mailer; sms: SmsSender; config: DemoDeps['config'] };

/** The file-mode adapters the history is written with (never a real mailbox or phone). */
function fileAdapters(config: DemoDeps['config'], db: Db): FileAdapters {
  const outbox = databaseOutbox(db);
  return {
    mailer: createMailer({ smtpUrl: undefined, outbox }),
    sms: createSmsSender({
      providerUrl: config.sms.providerUrl,
      accountSid: undefined,
      authToken: undefined,
      from: undefined,
      outbox,
      // No account: every text is written to the outbox and no provider is ever called.
      outbound: { allowPrivateHosts: false },
    }),
    config,
  };
}

/** One past event, run through the real job handler with the clock at its time. */
async function replay(
  deps: DemoDeps,
  files: FileAdapters,
  booking: BookingRow,
  event: NotificationEvent,
  at: Date,
  actor: Actor,
  extra: Partial<NotificationJobData> = {},
): Promise<void> {
  const data: NotificationJobData = {
    ...extra,
    bookingId: booking.id,
    event,
    scheduledFor: at.toISOString(),
    actor,
  };
  await deps.db.insert(notificationJobs).values({
    id: jobIdOf(booking.id, event, at),
    agentId: booking.agentId,
    bookingId: booking.id,
    event,
    scheduledFor: at,
    data,
    createdAt: at,
  });
  // Each e-mail carries the date of its event.
  const mailer: Mailer = {
    transport: files.mailer.transport,
    send: (mail) => files.mailer.send({ ...mail, headers: { ...mail.headers, Date: at.toUTCString() } }),
    close: () => {},
  };
  const handlerDeps: NotificationDeps = {
    db: deps.db,
    mailer,
    sms: files.sms,
    publicUrl: files.config.publicUrl,
    mailFrom: files.config.mail.from,
    smsDefaultCountry: files.config.sms.defaultCountry,
    now: () => at,
  };
  await runNotificationJob(handlerDeps, data, { retryCount: 0, retryLimit: 0 });
}

function budgetColumns(range: string | null): { budgetMin: number | null; budgetMax: number | null } {
  const { budget_min, budget_max } = splitBudgetRange(range ?? '');
  return { budgetMin: budget_min, budgetMax: budget_max };
}
