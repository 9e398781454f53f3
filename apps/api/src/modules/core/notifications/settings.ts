// The agent's notification and feedback settings as they are stored, or the domain's defaults.
import { and, eq } from 'drizzle-orm';
import {
  DEFAULT_FEEDBACK_SETTINGS,
  DEFAULT_NOTIFICATION_SETTINGS,
  feedbackSettingsSchema,
  notificationSettingsSchema,
  type FeedbackSettings,
  type NotificationSettings,
} from '@keyturn/domain/schemas/agentSettings';
import { agentFactsIn } from '../../../db/agent-facts';
import type { Db, DbTransaction } from '../../../db/client';
import { agentSettings } from '../../../db/schema';

export type AgentNotificationSettings = { notifications: NotificationSettings; feedback: FeedbackSettings };

export async function notificationSettingsOf(
  db: Db | DbTransaction,
  agentId: string,
): Promise<AgentNotificationSettings> {
  // In a buyer's booking transaction the rows were read with the agent's other facts (db/agent-facts.ts).
  const rows =
    agentFactsIn(db, agentId)?.settings ??
    (await db
      .select({ area: agentSettings.area, settings: agentSettings.settings })
      .from(agentSettings)
      .where(and(eq(agentSettings.agentId, agentId))));
  const stored = (area: string) => rows.find((r) => r.area === area)?.settings;
  // Stored values are validated on the way in; parsing again keeps an old or hand-edited row from breaking sends.
  const notifications = notificationSettingsSchema.safeParse(stored('notifications'));
  const feedback = feedbackSettingsSchema.safeParse(stored('feedback'));
  return {
    notifications: notifications.success ? notifications.data : DEFAULT_NOTIFICATION_SETTINGS,
    feedback: feedback.success ? feedback.data : DEFAULT_FEEDBACK_SETTINGS,
  };
}
