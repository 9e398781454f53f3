// Issue 39: "Text me about this showing" is a promise — offered only when texts will go out: the server's texts
// are set up (Server settings or the environment) and the agent texts buyers (their plan and their Notifications
// setting, the same rule the notifier applies when it sends). The booking form asks before showing the box, and
// the booking write records a buyer's consent only when texts are offered at that moment.
import { agentSendsTexts } from '@keyturn/domain/planGates';
import type { AgentRow } from '../core/agents';
import { notificationSettingsOf } from '../core/notifications/settings';
import type { PublicContext } from './context';

export async function textsOffered(ctx: PublicContext, agent: AgentRow): Promise<boolean> {
  if (!ctx.textsReady || !(await ctx.textsReady())) return false;
  const settings = await notificationSettingsOf(ctx.db, agent.id);
  return agentSendsTexts(agent.plan, settings.notifications);
}

/** Whether the server's texts are set up: the provider's account, token and sending number (Server settings). */
export const textsReadyOf =
  (account: () => Promise<{ accountSid?: string; authToken?: string; from?: string }>) => async () => {
    const sms = await account();
    return Boolean(sms.accountSid && sms.authToken && sms.from);
  };
