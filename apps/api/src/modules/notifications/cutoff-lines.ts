// Issue 44: what the buyer's e-mails and texts say of the showing's cut-off (templates.ts): until when it can be
// changed online, or — once that has passed — that it no longer can and whom to call.
import { changesClosedNote, changesCloseAt, changesOnlineUntil } from '@keyturn/domain/changeCutoff';
import { whenInZone } from '../core/mail/format';

/** What of a message's context the lines read. */
type CutoffContext = {
  changeCutoffHours?: number;
  booking: { startsAt: Date };
  agent: { timeZone: string };
  now: Date;
};

/** Issue 44: until when the buyer may change the showing online — or, once that passed, that they no longer can. */
export function cutoffNote(ctx: CutoffContext, agentName: string): string[] {
  const hours = ctx.changeCutoffHours ?? 0;
  if (hours === 0) return [];
  if (cutoffPassed(ctx)) return [changesClosedNote(agentName)];
  const at = whenInZone(changesCloseAt(ctx.booking.startsAt, hours), ctx.agent.timeZone);
  return [changesOnlineUntil(hours, `${at.date} at ${at.time} ${at.zone}`, agentName)];
}

/** Issue 44: the showing has a cut-off and it has passed — the buyer can no longer cancel or move it themselves. */
export function cutoffPassed(ctx: CutoffContext): boolean {
  const hours = ctx.changeCutoffHours ?? 0;
  return hours > 0 && changesCloseAt(ctx.booking.startsAt, hours).getTime() <= ctx.now.getTime();
}
