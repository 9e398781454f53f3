// Issue 44: what the buyer's e-mails and texts say of the showing's cut-off (templates.ts): until when it can be
// changed online, or — once that has passed — that it no longer can and whom to call.
import { changesCloseAt } from '@keyturn/domain/changeCutoff';
import { t } from '../../i18n';
import { whenInZone } from '../core/mail/format';

/** What of a message's context the lines read. */
type CutoffContext = {
  changeCutoffHours?: number;
  /** The booking's language (issue 43): the lines are in it. */
  booking: { startsAt: Date; locale?: string | null };
  agent: { timeZone: string };
  now: Date;
};

/** Issue 44: until when the buyer may change the showing online — or, once that passed, that they no longer can. */
export function cutoffNote(ctx: CutoffContext, agentName: string): string[] {
  const hours = ctx.changeCutoffHours ?? 0;
  if (hours === 0) return [];
  const locale = ctx.booking.locale;
  if (cutoffPassed(ctx)) return [t(locale, 'email.changesClosed', { agentName })];
  const at = whenInZone(changesCloseAt(ctx.booking.startsAt, hours), ctx.agent.timeZone, locale);
  const until = t(locale, 'email.whenAtZone', { date: at.date, time: at.time, zone: at.zone });
  return [t(locale, 'email.changesOnlineUntil', { hours, until, agentName })];
}

/** Issue 44: the showing has a cut-off and it has passed — the buyer can no longer cancel or move it themselves. */
export function cutoffPassed(ctx: CutoffContext): boolean {
  const hours = ctx.changeCutoffHours ?? 0;
  return hours > 0 && changesCloseAt(ctx.booking.startsAt, hours).getTime() <= ctx.now.getTime();
}
