// The facts every booking message states (issue 6; issue 43: in the reader's language) — what, when, where, with
// whom — and the calendar files and links made from them: split from templates.ts, which renders the messages.
import { ARRIVE_EARLY_MINUTES } from '@keyturn/domain/constants';
import { googleCalendarUrl } from '@keyturn/domain/calendarLinks';
import { bookingEventUid, buildIcsEvent, ICS_CONTENT_TYPE, mergeCalendars } from '@keyturn/domain/ics';
import { purposeWords } from '@keyturn/domain/purposeText';
import type { Translate } from '@keyturn/domain/i18n/locales';
import { t, type MessageId } from '../../i18n';
import type { MailAttachment } from '../../adapters/mail';
import type { agents, bookings, properties } from '../../db/schema';
import type { Decider } from '@keyturn/domain/texts/showingTexts';
import { whenInZone, type WhenParts } from '../core/mail/format';
import { bookingLinks } from '../core/mail/links';

type AgentRow = typeof agents.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;

/** What a message is rendered from (notifications/templates.ts renders every message of the catalogue). */
export type TemplateContext = {
  booking: BookingRow;
  agent: AgentRow;
  property: PropertyRow | null;
  /** booking_rescheduled: the booking this one replaced. */
  previous: BookingRow | null;
  /** reminder: minutes before the showing. */
  offsetMinutes: number | undefined;
  /** booking_reassigned (issue 15): the team member the booking was with before. */
  previousAgent?: AgentRow | null;
  publicUrl: string;
  now: Date;
  /** Issue 32: the booking waits for the seller's confirmation, not the agent's; 39 §8: the seller declined. */
  awaitingSeller?: boolean;
  /** Issue 39: a text's recipient — the buyer, or the buyer's agent who booked for them (in their own name). */
  textTo?: { role: 'buyer' | 'buyer_agent' };
  /** Issue 39: a buyer e-mail going to the buyer's agent who booked for this client (their name). */
  copyForClient?: string;
  /** Issue 44: the showing's cut-off for the buyer's own changes, in hours (0 or absent: until the start). */
  changeCutoffHours?: number;
  /** Issue 39: who declined the request (the seller's approval request, else the agent). */
  declinedBy?: Decider;
  declinedBySeller?: boolean;
};

type BookingRow = typeof bookings.$inferSelect;

export type Facts = {
  what: string;
  /** Which word the messages use for it: a viewing (of a property) or an appointment. */
  noun: 'viewing' | 'appointment';
  /** The purpose's label ('Property Viewing', or what the buyer typed), in the message's language. */
  purpose: string;
  /** The purpose in a sentence and as a title, in the message's language. */
  words: ReturnType<typeof purposeWords>;
  agentName: string;
  brand: string;
  location: string | undefined;
  when: WhenParts;
  /** 'Tuesday, January 8, 2030 at 10:00 AM EST'. */
  whenFull: string;
  details: [string, string][];
  locale: string;
};

export function facts(ctx: TemplateContext, locale: string): Facts {
  const { booking, agent, property } = ctx;
  const tr: Translate = (id, values) => t(locale, id as MessageId, values);
  const agentName = `${agent.firstName} ${agent.lastName}`.trim();
  const when = whenInZone(booking.startsAt, agent.timeZone, locale);
  const words = purposeWords(tr, booking.bookingPurpose, booking.customPurpose);
  const purpose = words.label;
  const location = property
    ? `${property.address}, ${property.city}, ${property.state} ${property.zipCode}`
    : undefined;
  // What a booking without a property is called in a subject line: a private showing is not a consultation.
  const what = property
    ? property.address
    : tr('email.withAgent', { noun: booking.bookingPurpose, agentName });
  const agentLine = [agentName, agent.companyName, agent.phone].filter(Boolean).join(' · ');
  return {
    what,
    noun: property ? 'viewing' : 'appointment',
    purpose,
    words,
    agentName,
    brand: agent.companyName || agentName,
    location,
    when,
    whenFull: tr('email.whenAtZone', { date: when.date, time: when.time, zone: when.zone }),
    details: [
      [
        tr('email.labelWhat'),
        property ? tr('email.whatAtProperty', { purpose, address: property.address }) : purpose,
      ],
      [tr('email.labelWhen'), tr('email.whenLength', { date: when.date, time: when.time, zone: when.zone })],
      ...(location ? ([[tr('email.labelWhere'), location]] as [string, string][]) : []),
      [tr('email.labelAgent'), agentLine],
    ],
    locale,
  };
}

export function googleLink(ctx: TemplateContext, f: Facts): string {
  return googleCalendarUrl({
    startsAt: ctx.booking.startsAt,
    endsAt: ctx.booking.endsAt,
    title: eventTitle(f),
    details: t(f.locale, 'ics.googleDetails', {
      title: f.words.title(f.agentName),
      url: bookingLinks(ctx).manage,
    }),
    ...(f.location ? { location: f.location } : {}),
    timeZone: ctx.agent.timeZone,
  });
}

/** The calendar event's title (SUMMARY): 'Property Viewing: 12 Oak St', or 'Appointment with Dana Whitfield'. */
function eventTitle(f: Facts): string {
  return f.location
    ? t(f.locale, 'email.whatAtProperty', { purpose: f.purpose, address: f.what })
    : f.words.title(f.agentName);
}

function eventOf(ctx: TemplateContext, f: Facts, booking: BookingRow, cancelled: boolean) {
  const manage = bookingLinks({ ...ctx, booking }).manage;
  return buildIcsEvent({
    uid: bookingEventUid(booking.id),
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    timeZone: ctx.agent.timeZone,
    summary: eventTitle(f),
    description: t(f.locale, 'ics.description', {
      title: f.words.title(f.agentName),
      minutes: ARRIVE_EARLY_MINUTES,
      url: manage,
    }),
    ...(f.location ? { location: f.location } : {}),
    url: manage,
    organizer: { name: f.agentName, email: ctx.agent.email },
    attendee: { name: booking.clientName, email: booking.clientEmail },
    method: cancelled ? 'CANCEL' : 'PUBLISH',
    // A later file about the same event must carry a higher SEQUENCE to replace the first one.
    sequence: cancelled ? 1 : 0,
    status: cancelled ? 'CANCELLED' : booking.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED',
    now: ctx.now,
  });
}

export function calendarFile(
  ctx: TemplateContext,
  f: Facts,
  kind: 'confirmed' | 'cancelled',
): MailAttachment {
  const cancelled = kind === 'cancelled';
  return {
    filename: cancelled ? 'cancelled.ics' : 'showing.ics',
    content: eventOf(ctx, f, ctx.booking, cancelled),
    contentType: `${ICS_CONTENT_TYPE}; method=${cancelled ? 'CANCEL' : 'PUBLISH'}`,
  };
}

/**
 * A rescheduled booking is a new booking (a new UID, as on the booking page): one file holds both the old
 * event, cancelled, and the new one, so the buyer's calendar drops the old time and adds the new.
 */
export function rescheduleCalendarFile(ctx: TemplateContext, f: Facts): MailAttachment {
  const files = [
    ...(ctx.previous ? [eventOf(ctx, f, { ...ctx.previous, status: 'cancelled' }, true)] : []),
    eventOf(ctx, f, ctx.booking, false),
  ];
  return {
    filename: 'showing.ics',
    content: mergeCalendars(files, 'PUBLISH'),
    contentType: `${ICS_CONTENT_TYPE}; method=PUBLISH`,
  };
}

/**
 * Issue 39 §9: the confirmed time a new time waiting for approval would replace ("Tuesday, … at 10:00 AM EST"),
 * or null when the booking is not such a request (or no longer: approved, or the showing changed).
 */
export function keptTime(ctx: TemplateContext, locale: string): string | null {
  const { booking, previous } = ctx;
  // A request waiting or declined, or withdrawn by the buyer (cancelled) while the confirmed showing stands.
  const request =
    booking.status === 'pending' || booking.status === 'declined' || booking.status === 'cancelled';
  if (!request || previous?.status !== 'confirmed' || booking.rescheduledFromId !== previous.id) return null;
  const w = whenInZone(previous.startsAt, ctx.agent.timeZone, locale);
  return t(locale, 'email.whenAtZone', { date: w.date, time: w.time, zone: w.zone });
}
