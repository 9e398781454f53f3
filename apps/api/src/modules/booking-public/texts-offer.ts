// Issue 39: "Text me about this showing" is a promise — offered only when texts will go out: the server's texts
// are set up (Server settings or the environment) and the agent texts buyers (their plan and their Notifications
// setting, the same rule the notifier applies when it sends). The booking form asks before showing the box, and
// the booking write records a buyer's consent only when texts are offered at that moment.
import { agentSendsTexts } from '@keyturn/domain/planGates';
import type { AgentRow } from '../agents/service';
import { notificationSettingsOf } from '../notifications/settings';
import type { PublicContext } from './context';

export async function textsOffered(ctx: PublicContext, agent: AgentRow): Promise<boolean> {
  if (!ctx.textsReady || !(await ctx.textsReady())) return false;
  const settings = await notificationSettingsOf(ctx.db, agent.id);
  return agentSendsTexts(agent.plan, settings.notifications);
}
