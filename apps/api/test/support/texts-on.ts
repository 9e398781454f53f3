// Settings → Notifications with texts on (a Professional or Enterprise agent): the buyer's confirmation e-mail,
// reminders a day and an hour ahead by e-mail and by text, the feedback request; no new-booking notice to the
// agent. The body of PUT /api/agents/notifications, for the API tests (support/notify.ts) and the browser's.
export const TEXTS_ON = {
  buyer_confirmation_email: true,
  agent_new_booking_email: false,
  reminder_emails: true,
  reminder_offsets_minutes: [1440, 60],
  sms_reminders: true,
  feedback_request_email: true,
};
