// Settings → Notifications with texts on (a Professional or Enterprise agent): the defaults (the buyer's
// confirmation e-mail, reminders a day and an hour ahead, the feedback request) with reminder texts on and no
// new-booking notice to the agent. The body of PUT /api/agents/notifications, for the API tests
// (support/notify.ts) and the browser's.
import {
  DEFAULT_NOTIFICATION_SETTINGS,
  type NotificationSettingsInput,
} from '@keyturn/domain/schemas/agentSettings';

export const TEXTS_ON = {
  ...DEFAULT_NOTIFICATION_SETTINGS,
  agent_new_booking_email: false,
  sms_reminders: true,
} satisfies NotificationSettingsInput;
