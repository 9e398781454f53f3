// Our own templates: every message of the catalogue as HTML + plain text (e-mail) or one short text (SMS),
// branded with the agent's logo, colour and company. Pure functions of the booking as it is when sent.
import { SELLER_APPROVAL_MESSAGES } from '@keyturn/domain/listing/sellerApprovalTexts';
import { RESCHEDULE_REQUEST, WHO_DECIDES } from '@keyturn/domain/listing/whoDecides';
import { ARRIVE_EARLY_MINUTES } from '@keyturn/domain/constants';
import { VIEW_BOOKING_LABEL } from '@keyturn/domain/changeCutoff';
import { googleCalendarUrl } from '@keyturn/domain/calendarLinks';
import { bookingEventUid, buildIcsEvent, ICS_CONTENT_TYPE, mergeCalendars } from '@keyturn/domain/ics';
import { purposeInSentence, purposeTitle, purposeWithArticle } from '@keyturn/domain/purposeText';
import { feedbackAskText, REPLY_PROMPT, replyPromptAfterCutoff } from '@keyturn/domain/texts/reconfirm';
import * as showing from '@keyturn/domain/texts/showingTexts';
import { buyerAgentCopyLine, buyerAgentDetails } from '@keyturn/domain/listing/buyerAgent';
import type { MailAttachment } from '../../adapters/mail';
import type { agents, bookings, properties } from '../../db/schema';
import type { AgentEmailTemplate, BuyerEmailTemplate, SmsTemplate } from '../core/notifications/catalogue';
import { firstName, inHowLong, purposeLabel, whenInZone, type WhenParts } from '../core/mail/format';
import { brandedEmail, type EmailParts, type RenderedEmail } from '../core/mail/layout';
import { cutoffNote, cutoffPassed } from './cutoff-lines';
import { bookingLinks } from '../core/mail/links';

type BookingRow = typeof bookings.$inferSelect;
type AgentRow = typeof agents.$inferSelect;
type PropertyRow = typeof properties.$inferSelect;

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
  declinedBy?: showing.Decider;
  declinedBySeller?: boolean;
};

export function renderBuyerEmail(template: BuyerEmailTemplate, ctx: TemplateContext): RenderedEmail {
  const f = facts(ctx);
  const links = bookingLinks(ctx);
  const hi = `Hi ${firstName(ctx.booking.clientName)},`;
  const awaiting = ctx.awaitingSeller ? 'seller' : 'agent'; // issue 39 §6, §8: who decides, who declined
  const arrive = `Please arrive ${ARRIVE_EARLY_MINUTES} minutes early.`;
  const manage = {
    label: cutoffPassed(ctx) ? VIEW_BOOKING_LABEL : 'Reschedule or cancel',
    url: links.manage,
  };
  // Issue 44: when the agent has a cut-off, the e-mails that offer the manage link say until when it works.
  const cutoff = cutoffNote(ctx, f.agentName);
  switch (template) {
    case 'confirmation':
    case 'approved':
      return email(ctx, {
        subject: `Confirmed: ${f.what} on ${f.when.shortDate} at ${f.when.time}`,
        heading: template === 'approved' ? 'Your request is confirmed' : `Your ${f.noun} is confirmed`,
        paragraphs: [
          hi,
          template === 'approved'
            ? `${f.agentName} has confirmed your ${purposeInSentence(f.purpose)}.`
            : `Your ${purposeInSentence(f.purpose)} with ${f.agentName} is booked.`,
        ],
        details: f.details,
        notes: [arrive, 'The attached calendar file adds it to your calendar.', ...cutoff],
        action: manage,
        links: [{ label: 'Add to Google Calendar', url: googleLink(ctx, f) }],
        attachments: [calendarFile(ctx, f, 'confirmed')],
      });
    case 'request_received':
      return email(ctx, {
        subject: `Request received: ${f.what} on ${f.when.shortDate} at ${f.when.time}`,
        heading: WHO_DECIDES.waiting(awaiting, f.agentName),
        paragraphs: [hi, WHO_DECIDES.requestLine(awaiting, f.agentName, purposeInSentence(f.purpose))],
        details: f.details,
        notes: cutoff,
        action: manage,
      });
    case 'declined':
      return email(ctx, {
        subject: `Not available: ${f.what} on ${f.when.shortDate}`,
        heading: 'Your request could not be confirmed',
        paragraphs: [
          hi,
          ...(ctx.declinedBySeller
            ? SELLER_APPROVAL_MESSAGES.buyerDeclinedLines(
                `${f.when.date} at ${f.when.time} ${f.when.zone}`,
                ctx.booking.cancelReason,
              )
            : [
                `Unfortunately ${f.agentName} cannot take your request for ${`${f.when.date} at ${f.when.time} ${f.when.zone}`}.`,
                ...(ctx.booking.cancelReason
                  ? [`Note from ${f.agentName}: “${ctx.booking.cancelReason}”`]
                  : []),
              ]),
          ...(keptTime(ctx) ? [RESCHEDULE_REQUEST.keptLine(keptTime(ctx)!, 'declined')] : []),
        ],
        details: f.details,
        notes: [],
        action: { label: 'Choose another time', url: links.bookAgain },
      });
    case 'rescheduled': {
      const before = ctx.previous ? whenInZone(ctx.previous.startsAt, ctx.agent.timeZone) : null;
      const pending = ctx.booking.status === 'pending';
      const kept = keptTime(ctx);
      if (kept)
        return email(ctx, {
          subject: RESCHEDULE_REQUEST.subject(f.what, `${f.when.shortDate} at ${f.when.time}`),
          heading: RESCHEDULE_REQUEST.heading,
          paragraphs: [hi, ...RESCHEDULE_REQUEST.lines(awaiting, f.agentName, kept)],
          details: f.details,
          notes: [],
          action: manage,
        });
      return email(ctx, {
        subject: `Moved: ${f.what} is now ${f.when.shortDate} at ${f.when.time}`,
        heading: `Your ${f.noun} has moved`,
        paragraphs: [
          hi,
          before
            ? `Your ${purposeInSentence(f.purpose)} with ${f.agentName} has moved from ${before.date} at ${before.time} ${before.zone} to the time below.`
            : `Your ${purposeInSentence(f.purpose)} with ${f.agentName} has moved to the time below.`,
          ...(pending ? [`The new time is awaiting ${f.agentName}'s confirmation.`] : []),
        ],
        details: f.details,
        notes: [arrive, 'The attached calendar file updates your calendar.', ...cutoff],
        action: manage,
        attachments: [rescheduleCalendarFile(ctx, f)],
      });
    }
    case 'reassigned': {
      const before = ctx.previousAgent
        ? `${ctx.previousAgent.firstName} ${ctx.previousAgent.lastName}`.trim()
        : null;
      return email(ctx, {
        subject: `Now with ${f.agentName}: ${f.what} on ${f.when.shortDate} at ${f.when.time}`,
        heading: `Your ${f.noun} is now with ${f.agentName}`,
        paragraphs: [
          hi,
          before
            ? `Your ${purposeInSentence(f.purpose)} on ${f.when.date} at ${f.when.time} ${f.when.zone} is now with ${f.agentName} instead of ${before}. The time is unchanged.`
            : `Your ${purposeInSentence(f.purpose)} on ${f.when.date} at ${f.when.time} ${f.when.zone} is now with ${f.agentName}. The time is unchanged.`,
          `Replies to this e-mail reach ${f.agentName}.`,
        ],
        details: f.details,
        notes: [arrive, 'The attached calendar file updates your calendar.'],
        action: manage,
        attachments: [calendarFile(ctx, f, 'confirmed')],
      });
    }
    case 'cancelled': {
      // Issue 39 §9: the buyer withdrew a new time of a confirmed showing, which stands.
      const kept = keptTime(ctx);
      if (kept)
        return email(ctx, {
          subject: RESCHEDULE_REQUEST.cancelled.subject(f.what, `${f.when.shortDate} at ${f.when.time}`),
          heading: RESCHEDULE_REQUEST.cancelled.heading,
          paragraphs: [
            hi,
            RESCHEDULE_REQUEST.cancelled.line(`${f.when.date} at ${f.when.time} ${f.when.zone}`),
            RESCHEDULE_REQUEST.keptLine(kept, 'declined'),
          ],
          details: f.details,
          notes: [],
          // The showing that stands is managed from its own link.
          action: { ...manage, url: bookingLinks({ ...ctx, booking: ctx.previous! }).manage },
        });
      return email(ctx, {
        subject: `Cancelled: ${f.what} on ${f.when.shortDate} at ${f.when.time}`,
        heading: `Your ${f.noun} is cancelled`,
        paragraphs: [
          hi,
          ctx.booking.cancelReason
            ? `Your ${purposeInSentence(f.purpose)} with ${f.agentName} on ${f.when.date} at ${f.when.time} ${f.when.zone} has been cancelled. Reason given: “${ctx.booking.cancelReason}”`
            : `Your ${purposeInSentence(f.purpose)} with ${f.agentName} on ${f.when.date} at ${f.when.time} ${f.when.zone} has been cancelled.`,
        ],
        details: f.details,
        notes: ['The attached calendar file removes it from your calendar.'],
        action: { label: 'Book another time', url: links.bookAgain },
        attachments: [calendarFile(ctx, f, 'cancelled')],
      });
    }
    case 'reminder': {
      const soon = ctx.offsetMinutes ? inHowLong(ctx.offsetMinutes) : 'soon';
      return email(ctx, {
        subject: `Reminder: ${f.what} ${soon} — ${f.when.shortDate} at ${f.when.time}`,
        heading: `Your ${f.noun} is ${soon}`,
        paragraphs: [hi, `A reminder of your ${purposeInSentence(f.purpose)} with ${f.agentName}.`],
        details: f.details,
        notes: [arrive, ...cutoff],
        action: manage,
      });
    }
    case 'feedback_request':
      return email(ctx, {
        subject: `How was your visit to ${f.what}?`,
        heading: 'How did it go?',
        paragraphs: [
          hi,
          `Thank you for visiting ${f.what} with ${f.agentName}. Would you tell ${firstName(f.agentName)} what you thought? It takes a minute.`,
        ],
        details: f.details,
        notes: [],
        action: { label: 'Share your feedback', url: links.feedback },
      });
  }
}

const booked = (client: string, what: string) => `${client} booked ${what} with you.`;
export function renderAgentEmail(template: AgentEmailTemplate, ctx: TemplateContext): RenderedEmail {
  const f = facts(ctx);
  const b = ctx.booking;
  const links = bookingLinks(ctx);
  const client = b.clientName;
  const buyerRows: [string, string][] = [
    ['Buyer', client],
    ['E-mail', b.clientEmail],
    ['Phone', b.clientPhone],
    ...buyerAgentDetails(b),
    ...(b.message ? ([['Message', b.message]] as [string, string][]) : []),
  ];
  const open = { label: 'Open your bookings', url: links.dashboard };
  const rest = {
    details: [...f.details.filter(([k]) => k !== 'Agent'), ...buyerRows],
    notes: [],
    action: open,
  };
  const hi = `Hi ${ctx.agent.firstName},`;
  switch (template) {
    case 'new_booking': {
      const [when, seller] = [`${f.when.shortDate} at ${f.when.time}`, ctx.awaitingSeller];
      return email(ctx, {
        subject: seller ? WHO_DECIDES.agentSubject(client, when) : `New booking: ${client} — ${when}`,
        heading: seller ? WHO_DECIDES.agentHeading : 'New booking',
        paragraphs: [hi, (seller ? WHO_DECIDES.agentLine : booked)(client, purposeWithArticle(f.purpose))],
        ...rest,
      });
    }
    case 'approval_needed':
      return email(ctx, {
        subject: `Approval needed: ${client} — ${f.when.shortDate} at ${f.when.time}`,
        heading: 'A booking request is waiting for you',
        paragraphs: [
          hi,
          `${client} asked for ${purposeWithArticle(f.purpose)}. Confirm or decline it in your dashboard; the buyer hears from us either way.`,
        ],
        ...rest,
      });
    case 'rescheduled': {
      const before = ctx.previous ? whenInZone(ctx.previous.startsAt, ctx.agent.timeZone) : null;
      const kept = keptTime(ctx);
      return email(ctx, {
        subject: `${kept ? 'New time requested' : 'Rescheduled'}: ${client} — now ${f.when.shortDate} at ${f.when.time}`,
        heading: kept ? 'A buyer asked for a new time' : 'A booking has moved',
        paragraphs: [
          hi,
          kept
            ? RESCHEDULE_REQUEST.agentLine(client, kept)
            : before
              ? `${client} moved their ${purposeInSentence(f.purpose)} from ${before.date} at ${before.time} ${before.zone} to the time below.`
              : `${client} moved their ${purposeInSentence(f.purpose)} to the time below.`,
          ...(b.rescheduleReason ? [`Reason given: “${b.rescheduleReason}”`] : []),
        ],
        ...rest,
      });
    }
    case 'unconfirmed': // issue 33: texted twice, not confirmed 2 hours before
      return email(ctx, {
        subject: `Not confirmed: ${client} — ${f.when.shortDate} at ${f.when.time}`,
        heading: 'A buyer has not confirmed',
        paragraphs: [
          hi,
          `${client} has not confirmed their ${purposeInSentence(f.purpose)} on ${f.when.date} at ${f.when.time} ${f.when.zone}, though we texted them a reminder and asked again. You may want to call them before you go.`,
        ],
        ...rest,
      });
    case 'cancelled':
      if (keptTime(ctx))
        return email(ctx, {
          subject: RESCHEDULE_REQUEST.cancelled.subject(client, `${f.when.shortDate} at ${f.when.time}`),
          heading: RESCHEDULE_REQUEST.cancelled.heading,
          paragraphs: [
            hi,
            RESCHEDULE_REQUEST.cancelled.agentLine(
              client,
              `${f.when.date} at ${f.when.time} ${f.when.zone}`,
              keptTime(ctx)!,
            ),
          ],
          ...rest,
        });
      return email(ctx, {
        subject: `Cancelled: ${client} — ${f.when.shortDate} at ${f.when.time}`,
        heading: 'A booking was cancelled',
        paragraphs: [
          hi,
          `${client} cancelled their ${purposeInSentence(f.purpose)} on ${f.when.date} at ${f.when.time} ${f.when.zone}. The time is free again.`,
          ...(b.cancelReason ? [`Reason given: “${b.cancelReason}”`] : []),
        ],
        ...rest,
      });
  }
}

export function renderSms(template: SmsTemplate, ctx: TemplateContext): string {
  const f = facts(ctx);
  const links = bookingLinks(ctx);
  const at = `${f.when.shortDate} at ${f.when.time} ${f.when.zone}`;
  const optOut = showing.STOP_LINE.en;
  // Issue 39: the buyer reads "your viewing"; their agent, texted in their own name, "Casey Buyer's viewing".
  const whose = showing.whoseShowing(ctx.textTo ?? { role: 'buyer' }, ctx.booking.clientName);
  const Whose = showing.capitalised(whose);
  const replyPrompt = cutoffPassed(ctx) ? replyPromptAfterCutoff(f.agentName) : REPLY_PROMPT;
  switch (template) {
    case 'confirmation':
      return `${f.brand}: ${Whose} ${f.noun} of ${f.what} is confirmed for ${at}. Please arrive ${ARRIVE_EARLY_MINUTES} min early. Manage: ${links.manage} ${optOut}`;
    case 'rescheduled': {
      const kept = keptTime(ctx);
      const awaiting = ctx.awaitingSeller ? 'seller' : 'agent';
      return kept
        ? `${RESCHEDULE_REQUEST.text({ brand: f.brand, what: f.what, at, before: kept, awaiting, agentName: f.agentName })} Manage: ${links.manage} ${optOut}`
        : `${f.brand}: ${Whose} ${f.noun} of ${f.what} has moved to ${at}. Manage: ${links.manage} ${optOut}`;
    }
    case 'cancelled': {
      const kept = keptTime(ctx);
      return kept
        ? `${RESCHEDULE_REQUEST.cancelled.text({ brand: f.brand, whose, what: f.what, at, kept: RESCHEDULE_REQUEST.keptLine(kept, 'declined') })} ${optOut}`
        : `${f.brand}: ${Whose} ${f.noun} of ${f.what} on ${at} has been cancelled. ${optOut}`;
    }
    case 'declined': {
      // Issue 39 §9: a declined new time of a confirmed showing says the showing stands.
      const kept = keptTime(ctx);
      return showing.SHOWING_TEXTS.declined(
        { ...f, whose, at, url: links.bookAgain },
        ctx.declinedBy,
        kept ? RESCHEDULE_REQUEST.keptLine(kept, 'declined') : undefined,
      );
    }
    case 'reminder': {
      const soon = ctx.offsetMinutes ? inHowLong(ctx.offsetMinutes) : 'soon';
      return `${f.brand}: Reminder, ${whose} ${f.noun} of ${f.what} is ${soon} (${at}). Please arrive ${ARRIVE_EARLY_MINUTES} min early. Manage: ${links.manage} ${replyPrompt}`;
    }
    case 'reconfirm':
      return `${f.brand}: Are you still coming to ${whose} ${f.noun} of ${f.what} at ${at}? Manage: ${links.manage} ${replyPrompt}`;
    case 'feedback_ask':
      return `${f.brand}: ${feedbackAskText(ctx.property?.address ?? f.what, links.feedback)}`;
  }
}

// ---- the facts every message states ----

type Facts = {
  what: string;
  noun: string;
  purpose: string;
  agentName: string;
  brand: string;
  location: string | undefined;
  when: WhenParts;
  details: [string, string][];
};

/** What a booking without a property is called in a subject line: a private showing is not a consultation. */
function appointmentNoun(purpose: string): string {
  return purpose === 'private_showing' || purpose === 'open_house'
    ? purposeLabel(purpose, null).toLowerCase()
    : 'consultation';
}

function facts(ctx: TemplateContext): Facts {
  const { booking, agent, property } = ctx;
  const agentName = `${agent.firstName} ${agent.lastName}`.trim();
  const when = whenInZone(booking.startsAt, agent.timeZone);
  const purpose = purposeLabel(booking.bookingPurpose, booking.customPurpose);
  const location = property
    ? `${property.address}, ${property.city}, ${property.state} ${property.zipCode}`
    : undefined;
  const what = property ? property.address : `${appointmentNoun(booking.bookingPurpose)} with ${agentName}`;
  const agentLine = [agentName, agent.companyName, agent.phone].filter(Boolean).join(' · ');
  return {
    what,
    noun: property ? 'viewing' : 'appointment',
    purpose,
    agentName,
    brand: agent.companyName || agentName,
    location,
    when,
    details: [
      ['What', property ? `${purpose}: ${property.address}` : purpose],
      ['When', `${when.date}, ${when.time} ${when.zone} (30 minutes)`],
      ...(location ? ([['Where', location]] as [string, string][]) : []),
      ['Agent', agentLine],
    ],
  };
}

function googleLink(ctx: TemplateContext, f: Facts): string {
  return googleCalendarUrl({
    startsAt: ctx.booking.startsAt,
    endsAt: ctx.booking.endsAt,
    title: eventTitle(f),
    details: `${purposeTitle(f.purpose, f.agentName)}. Manage: ${bookingLinks(ctx).manage}`,
    ...(f.location ? { location: f.location } : {}),
    timeZone: ctx.agent.timeZone,
  });
}

function eventTitle(f: Facts): string {
  return f.location ? `${f.purpose}: ${f.what}` : purposeTitle(f.purpose, f.agentName);
}

function eventOf(ctx: TemplateContext, f: Facts, booking: BookingRow, cancelled: boolean) {
  return buildIcsEvent({
    uid: bookingEventUid(booking.id),
    startsAt: booking.startsAt,
    endsAt: booking.endsAt,
    timeZone: ctx.agent.timeZone,
    summary: eventTitle(f),
    description: `${purposeTitle(f.purpose, f.agentName)}. Please arrive ${ARRIVE_EARLY_MINUTES} minutes early. Manage your booking: ${bookingLinks({ ...ctx, booking }).manage}`,
    ...(f.location ? { location: f.location } : {}),
    url: bookingLinks({ ...ctx, booking }).manage,
    organizer: { name: f.agentName, email: ctx.agent.email },
    attendee: { name: booking.clientName, email: booking.clientEmail },
    method: cancelled ? 'CANCEL' : 'PUBLISH',
    // A later file about the same event must carry a higher SEQUENCE to replace the first one.
    sequence: cancelled ? 1 : 0,
    status: cancelled ? 'CANCELLED' : booking.status === 'pending' ? 'TENTATIVE' : 'CONFIRMED',
    now: ctx.now,
  });
}

function calendarFile(ctx: TemplateContext, f: Facts, kind: 'confirmed' | 'cancelled'): MailAttachment {
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
function rescheduleCalendarFile(ctx: TemplateContext, f: Facts): MailAttachment {
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
function keptTime(ctx: TemplateContext): string | null {
  const { booking, previous } = ctx;
  // A request waiting or declined, or withdrawn by the buyer (cancelled) while the confirmed showing stands.
  const request =
    booking.status === 'pending' || booking.status === 'declined' || booking.status === 'cancelled';
  if (!request || previous?.status !== 'confirmed' || booking.rescheduledFromId !== previous.id) return null;
  const w = whenInZone(previous.startsAt, ctx.agent.timeZone);
  return `${w.date} at ${w.time} ${w.zone}`;
}

function email(ctx: TemplateContext, parts: EmailParts): RenderedEmail {
  // The buyer's agent's copy says, under the greeting, whose showing it is.
  if (ctx.copyForClient) {
    const [greeting, ...rest] = parts.paragraphs;
    return brandedEmail(ctx, {
      ...parts,
      paragraphs: [...(greeting ? [greeting] : []), buyerAgentCopyLine(ctx.copyForClient), ...rest],
    });
  }
  return brandedEmail(ctx, parts);
}
