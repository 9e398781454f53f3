// Our own templates: every message of the catalogue as HTML + plain text (e-mail) or one short text (SMS),
// branded with the agent's logo, colour and company. Pure functions of the booking as it is when sent.
import { RESCHEDULE_REQUEST, WHO_DECIDES } from '@keyturn/domain/listing/whoDecides';
import { ARRIVE_EARLY_MINUTES } from '@keyturn/domain/constants';
import { purposeInSentence, purposeWithArticle } from '@keyturn/domain/purposeText';
import { DEFAULT_LOCALE, localeOfTag, type Translate } from '@keyturn/domain/i18n/locales';
import { storedTextIn, t, type MessageId } from '../../i18n';
import * as showing from '@keyturn/domain/texts/showingTexts';
import { buyerAgentDetails } from '@keyturn/domain/listing/buyerAgent';
import type { AgentEmailTemplate, BuyerEmailTemplate, SmsTemplate } from '../core/notifications/catalogue';
import { firstName, inHowLongIn, whenInZone } from '../core/mail/format';
import { brandedEmail, type EmailParts, type RenderedEmail } from '../core/mail/layout';
import { cutoffNote, cutoffPassed } from './cutoff-lines';
import { calendarFile, facts, googleLink, keptTime, rescheduleCalendarFile } from './message-facts';
import { bookingLinks } from '../core/mail/links';

export type { TemplateContext } from './message-facts';
import type { TemplateContext } from './message-facts';

export function renderBuyerEmail(template: BuyerEmailTemplate, ctx: TemplateContext): RenderedEmail {
  // Issue 43: everything the buyer reads is in the booking's language (dates and times through Intl in it).
  const locale = ctx.booking.locale;
  const tr: Translate = (id, values) => t(locale, id as MessageId, values);
  const f = facts(ctx, locale);
  const links = bookingLinks(ctx);
  const hi = tr('email.greeting', { name: firstName(ctx.booking.clientName) });
  const awaiting = ctx.awaitingSeller ? 'seller' : 'agent'; // issue 39 §6, §8: who decides, who declined
  const arrive = tr('email.arriveEarly', { minutes: ARRIVE_EARLY_MINUTES });
  const manage = {
    label: tr(cutoffPassed(ctx) ? 'email.viewBooking' : 'email.rescheduleOrCancel'),
    url: links.manage,
  };
  const { agentName, what, noun } = f;
  const purpose = f.words.inSentence;
  /** 'Tue, Jan 8 at 10:00 AM' (subjects) and 'Tuesday, January 8, 2030 at 10:00 AM EST' (sentences). */
  const whenShort = tr('email.whenAt', { date: f.when.shortDate, time: f.when.time });
  const whenFull = f.whenFull;
  // Issue 44: when the agent has a cut-off, the e-mails that offer the manage link say until when it works.
  const cutoff = cutoffNote(ctx, agentName);
  const kept = keptTime(ctx, locale);
  const keptLine = (before: string) => tr('email.keptDeclined', { before });
  const mail = (parts: Omit<EmailParts, 'locale'>) => email(ctx, { ...parts, locale });
  switch (template) {
    case 'confirmation':
    case 'approved':
      return mail({
        subject: tr('email.confirmedSubject', { what, when: whenShort }),
        heading:
          template === 'approved' ? tr('email.approvedHeading') : tr('email.confirmedHeading', { noun }),
        paragraphs: [
          hi,
          template === 'approved'
            ? tr('email.approvedLine', { agentName, purpose })
            : tr('email.bookedLine', { agentName, purpose }),
        ],
        details: f.details,
        notes: [arrive, tr('email.calendarAdds'), ...cutoff],
        action: manage,
        links: [{ label: tr('email.addToGoogle'), url: googleLink(ctx, f) }],
        attachments: [calendarFile(ctx, f, 'confirmed')],
      });
    case 'request_received':
      return mail({
        subject: tr('email.requestSubject', { what, when: whenShort }),
        heading: tr('email.waitingFor', { awaiting, agentName }),
        paragraphs: [
          hi,
          awaiting === 'seller'
            ? tr('email.waitingDetail', { awaiting, agentName })
            : tr('email.agentWillConfirm', { agentName, purpose }),
        ],
        details: f.details,
        notes: cutoff,
        action: manage,
      });
    case 'declined': {
      // A reason of ours (the seller's "Not tonight") in the booking's language; someone's own words as written.
      const reason = ctx.booking.cancelReason && storedTextIn(locale, ctx.booking.cancelReason);
      return mail({
        subject: tr('email.declinedSubject', { what, date: f.when.shortDate }),
        heading: tr('email.declinedHeading'),
        paragraphs: [
          hi,
          ...(ctx.declinedBySeller
            ? [
                tr('email.declinedBySeller', { when: whenFull }),
                ...(reason ? [tr('email.sellerReason', { reason })] : []),
              ]
            : [
                tr('email.declinedByAgent', { agentName, when: whenFull }),
                ...(reason ? [tr('email.agentNote', { agentName, reason })] : []),
              ]),
          ...(kept ? [keptLine(kept)] : []),
        ],
        details: f.details,
        notes: [],
        action: { label: tr('email.chooseAnotherTime'), url: links.bookAgain },
      });
    }
    case 'rescheduled': {
      const before = ctx.previous ? whenInZone(ctx.previous.startsAt, ctx.agent.timeZone, locale) : null;
      const pending = ctx.booking.status === 'pending';
      if (kept)
        return mail({
          subject: tr('email.newTimeSubject', { what, when: whenShort }),
          heading: tr('email.newTimeHeading'),
          paragraphs: [
            hi,
            tr('email.newTimeAsked', { before: kept }),
            tr('email.waitingDetail', { awaiting, agentName }),
            tr('email.keptUntilThen', { before: kept }),
          ],
          details: f.details,
          notes: [],
          action: manage,
        });
      return mail({
        subject: tr('email.movedSubject', { what, when: whenShort }),
        heading: tr('email.movedHeading', { noun }),
        paragraphs: [
          hi,
          before
            ? tr('email.movedFrom', {
                purpose,
                agentName,
                before: tr('email.whenAtZone', { date: before.date, time: before.time, zone: before.zone }),
              })
            : tr('email.movedTo', { purpose, agentName }),
          ...(pending ? [tr('email.movedPending', { agentName })] : []),
        ],
        details: f.details,
        notes: [arrive, tr('email.calendarUpdates'), ...cutoff],
        action: manage,
        attachments: [rescheduleCalendarFile(ctx, f)],
      });
    }
    case 'reassigned': {
      const before = ctx.previousAgent
        ? `${ctx.previousAgent.firstName} ${ctx.previousAgent.lastName}`.trim()
        : null;
      return mail({
        subject: tr('email.reassignedSubject', { agentName, what, when: whenShort }),
        heading: tr('email.reassignedHeading', { noun, agentName }),
        paragraphs: [
          hi,
          before
            ? tr('email.reassignedFrom', { purpose, when: whenFull, agentName, before })
            : tr('email.reassignedTo', { purpose, when: whenFull, agentName }),
          tr('email.repliesReach', { agentName }),
        ],
        details: f.details,
        notes: [arrive, tr('email.calendarUpdates')],
        action: manage,
        attachments: [calendarFile(ctx, f, 'confirmed')],
      });
    }
    case 'cancelled': {
      // Issue 39 §9: the buyer withdrew a new time of a confirmed showing, which stands.
      if (kept)
        return mail({
          subject: tr('email.newTimeCancelledSubject', { what, when: whenShort }),
          heading: tr('email.newTimeCancelledHeading'),
          paragraphs: [hi, tr('email.newTimeCancelledLine', { when: whenFull }), keptLine(kept)],
          details: f.details,
          notes: [],
          // The showing that stands is managed from its own link.
          action: { ...manage, url: bookingLinks({ ...ctx, booking: ctx.previous! }).manage },
        });
      // A reason of ours (the seller's "Not tonight") in the booking's language; someone's own words as written.
      const reason = ctx.booking.cancelReason && storedTextIn(locale, ctx.booking.cancelReason);
      return mail({
        subject: tr('email.cancelledSubject', { what, when: whenShort }),
        heading: tr('email.cancelledHeading', { noun }),
        paragraphs: [
          hi,
          reason
            ? tr('email.cancelledLineReason', { purpose, agentName, when: whenFull, reason })
            : tr('email.cancelledLine', { purpose, agentName, when: whenFull }),
        ],
        details: f.details,
        notes: [tr('email.calendarRemoves')],
        action: { label: tr('email.bookAnotherTime'), url: links.bookAgain },
        attachments: [calendarFile(ctx, f, 'cancelled')],
      });
    }
    case 'reminder': {
      const soon = ctx.offsetMinutes ? inHowLongIn(ctx.offsetMinutes, locale) : tr('email.soon');
      return mail({
        subject: tr('email.reminderSubject', { what, soon, when: whenShort }),
        heading: tr('email.reminderHeading', { noun, soon }),
        paragraphs: [hi, tr('email.reminderLine', { purpose, agentName })],
        details: f.details,
        notes: [arrive, ...cutoff],
        action: manage,
      });
    }
    case 'feedback_request':
      return mail({
        subject: tr('email.feedbackSubject', { what }),
        heading: tr('email.feedbackHeading'),
        paragraphs: [hi, tr('email.feedbackLine', { what, agentName, agentFirstName: firstName(agentName) })],
        details: f.details,
        notes: [],
        action: { label: tr('email.shareFeedback'), url: links.feedback },
      });
  }
}

const booked = (client: string, what: string) => `${client} booked ${what} with you.`;
export function renderAgentEmail(template: AgentEmailTemplate, ctx: TemplateContext): RenderedEmail {
  // The agent's dashboard and messages stay English whatever the buyer's language (issue 43).
  const f = facts(ctx, 'en');
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
      const kept = keptTime(ctx, 'en');
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
      if (keptTime(ctx, 'en'))
        return email(ctx, {
          subject: RESCHEDULE_REQUEST.cancelled.subject(client, `${f.when.shortDate} at ${f.when.time}`),
          heading: RESCHEDULE_REQUEST.cancelled.heading,
          paragraphs: [
            hi,
            RESCHEDULE_REQUEST.cancelled.agentLine(
              client,
              `${f.when.date} at ${f.when.time} ${f.when.zone}`,
              keptTime(ctx, 'en')!,
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
  // Issue 43: the buyer's texts in the booking's language, the STOP line too.
  const locale = ctx.booking.locale;
  const tr: Translate = (id, values) => t(locale, id as MessageId, values);
  const f = facts(ctx, locale);
  const links = bookingLinks(ctx);
  const { brand, what, noun, agentName } = f;
  const at = tr('email.whenAtZone', { date: f.when.shortDate, time: f.when.time, zone: f.when.zone });
  const stop = showing.STOP_LINE[localeOfTag(locale) ?? DEFAULT_LOCALE];
  // Issue 39: the buyer reads "your viewing"; their agent, texted in their own name, "Casey Buyer's viewing".
  const role = ctx.textTo?.role ?? 'buyer';
  const clientName = ctx.booking.clientName;
  const showingOf = tr('text.showing', { role, clientName, noun, what });
  const Showing = showing.capitalised(showingOf);
  const prompt = cutoffPassed(ctx)
    ? tr('text.replyPromptAfterCutoff', { agentName })
    : tr('text.replyPrompt');
  const minutes = ARRIVE_EARLY_MINUTES;
  const kept = keptTime(ctx, locale);
  const keptLine = (before: string) => tr('email.keptDeclined', { before });
  switch (template) {
    case 'confirmation':
      return tr('text.confirmation', { brand, Showing, at, minutes, url: links.manage, stop });
    case 'rescheduled': {
      const awaiting = ctx.awaitingSeller ? 'seller' : 'agent';
      return kept
        ? tr('text.newTimeRequest', {
            brand,
            what,
            at,
            awaiting,
            agentName,
            before: kept,
            url: links.manage,
            stop,
          })
        : tr('text.moved', { brand, Showing, at, url: links.manage, stop });
    }
    case 'cancelled':
      return kept
        ? tr('text.newTimeCancelled', { brand, role, clientName, what, at, kept: keptLine(kept), stop })
        : tr('text.cancelled', { brand, Showing, at, stop });
    case 'declined': {
      // Issue 39 §9: a declined new time of a confirmed showing says the showing stands.
      const by = ctx.declinedBy ?? 'agent';
      return kept
        ? tr('text.newTimeDeclined', {
            brand,
            role,
            clientName,
            what,
            at,
            by,
            agentName,
            kept: keptLine(kept),
            stop,
          })
        : tr('text.declined', {
            brand,
            role,
            clientName,
            what,
            at,
            by,
            agentName,
            url: links.bookAgain,
            stop,
          });
    }
    case 'reminder': {
      const soon = ctx.offsetMinutes ? inHowLongIn(ctx.offsetMinutes, locale) : tr('email.soon');
      return tr('text.reminder', { brand, showing: showingOf, soon, at, minutes, url: links.manage, prompt });
    }
    case 'reconfirm':
      return tr('text.reconfirm', { brand, showing: showingOf, at, url: links.manage, prompt });
    case 'feedback_ask':
      return tr('text.feedbackAsk', { brand, place: ctx.property?.address ?? what, link: links.feedback });
  }
}

function email(ctx: TemplateContext, parts: EmailParts): RenderedEmail {
  // The buyer's agent's copy says, under the greeting, whose showing it is (in the booking's language).
  if (ctx.copyForClient) {
    const [greeting, ...rest] = parts.paragraphs;
    const copyLine = t(parts.locale, 'email.copyForClient', { clientName: ctx.copyForClient });
    return brandedEmail(ctx, {
      ...parts,
      paragraphs: [...(greeting ? [greeting] : []), copyLine, ...rest],
    });
  }
  return brandedEmail(ctx, parts);
}
