// CRM export (issue 13, Enterprise): the columns of each CSV file, in order, with what each holds. The
// server writes exactly these headers and the Reports page lists them; docs/crm-integration.md documents them
// (an API test checks it names every column).
export const CRM_EXPORTS = ['leads', 'bookings', 'feedback'] as const;
export type CrmExport = (typeof CRM_EXPORTS)[number];

export type CsvColumn = { name: string; meaning: string };

export const CRM_EXPORT_COLUMNS: Record<CrmExport, readonly CsvColumn[]> = {
  leads: [
    { name: 'email', meaning: 'the buyer’s e-mail address, lower-cased: one lead per address' },
    { name: 'name', meaning: 'name on the latest booking' },
    { name: 'phone', meaning: 'phone on the latest booking' },
    { name: 'buyer_type', meaning: 'first_time_buyer, investor or home_owner (latest booking)' },
    { name: 'budget_min', meaning: 'budget lower bound in USD (latest booking; empty if not given)' },
    { name: 'budget_max', meaning: 'budget upper bound in USD (empty for 1000000+ or not given)' },
    {
      name: 'income_range',
      meaning:
        'income range as chosen on the form (latest booking); only when income is turned on for the CRM',
    },
    { name: 'bookings', meaning: 'bookings made with this e-mail address' },
    { name: 'completed', meaning: 'showings marked completed' },
    { name: 'no_shows', meaning: 'showings the buyer missed' },
    { name: 'cancelled', meaning: 'bookings cancelled' },
    { name: 'feedback_count', meaning: 'feedback answers given' },
    { name: 'last_rating', meaning: 'rating 1–5 of the latest feedback' },
    {
      name: 'last_interest_level',
      meaning: 'very_interested, somewhat_interested or not_interested (latest)',
    },
    { name: 'wants_second_showing', meaning: 'yes if any feedback asked for a second showing' },
    {
      name: 'hot',
      meaning: 'yes if the lead is hot now by the lead classification rules (the Feedback page’s)',
    },
    { name: 'first_booked_at', meaning: 'when the first booking was made (ISO 8601, UTC)' },
    { name: 'last_activity_at', meaning: 'latest booking change or feedback (ISO 8601, UTC)' },
    { name: 'next_showing_at', meaning: 'start of the next pending or confirmed showing (empty if none)' },
  ],
  bookings: [
    { name: 'booking_id', meaning: 'the booking’s id' },
    { name: 'created_at', meaning: 'when it was booked (ISO 8601, UTC)' },
    { name: 'starts_at', meaning: 'start of the showing (ISO 8601, UTC)' },
    { name: 'date', meaning: 'the showing’s date in the agent’s time zone (yyyy-MM-dd)' },
    { name: 'time', meaning: 'the showing’s time in the agent’s time zone (HH:mm)' },
    { name: 'time_zone', meaning: 'the agent’s time zone (IANA name)' },
    { name: 'status', meaning: 'pending, confirmed, declined, cancelled, rescheduled, completed or no_show' },
    { name: 'property_id', meaning: 'the property’s id (empty for a consultation)' },
    { name: 'property_address', meaning: 'the property’s address' },
    { name: 'client_name', meaning: 'buyer’s name' },
    { name: 'client_email', meaning: 'buyer’s e-mail address' },
    { name: 'client_phone', meaning: 'buyer’s phone' },
    { name: 'buyer_type', meaning: 'first_time_buyer, investor or home_owner' },
    { name: 'budget_min', meaning: 'budget lower bound in USD' },
    { name: 'budget_max', meaning: 'budget upper bound in USD (empty for 1000000+)' },
    { name: 'income_range', meaning: 'income range; only when income is turned on for the CRM' },
    {
      name: 'booking_purpose',
      meaning: 'property_viewing, open_house, private_showing, property_valuation, custom',
    },
    { name: 'custom_purpose', meaning: 'the buyer’s words when the purpose is custom' },
    { name: 'message', meaning: 'the buyer’s note' },
    { name: 'cancel_reason', meaning: 'reason given for a cancellation or decline' },
    { name: 'reschedule_reason', meaning: 'reason given when this booking replaced another' },
    { name: 'rescheduled_from_id', meaning: 'the booking this one replaced' },
    { name: 'messages', meaning: 'messages in the showing’s conversation (issue 45)' },
  ],
  feedback: [
    { name: 'feedback_id', meaning: 'the feedback’s id' },
    { name: 'booking_id', meaning: 'the showing it is about' },
    { name: 'client_name', meaning: 'buyer’s name' },
    { name: 'client_email', meaning: 'buyer’s e-mail address' },
    { name: 'property_address', meaning: 'the property’s address (empty for a consultation)' },
    { name: 'showing_at', meaning: 'start of the showing (ISO 8601, UTC)' },
    { name: 'rating', meaning: '1–5' },
    { name: 'interest_level', meaning: 'very_interested, somewhat_interested or not_interested' },
    { name: 'price_opinion', meaning: 'too_high, fair or good_value (empty if not asked)' },
    { name: 'second_showing', meaning: 'yes, no, or empty if not asked' },
    {
      name: 'hot',
      meaning:
        'yes if these answers made the buyer a hot lead (the classification rules, as of this showing)',
    },
    { name: 'liked', meaning: 'what the buyer liked' },
    { name: 'disliked', meaning: 'what the buyer disliked' },
    { name: 'comments', meaning: 'other comments' },
    { name: 'source', meaning: 'buyer (the feedback page) or agent (entered by the agent)' },
    { name: 'agent_note', meaning: 'the agent’s private note' },
    { name: 'submitted_at', meaning: 'when it was last given or changed (ISO 8601, UTC)' },
  ],
};

export const CRM_EXPORT_LABELS: Record<CrmExport, string> = {
  leads: 'Leads',
  bookings: 'Bookings',
  feedback: 'Feedback',
};

/** The columns left out of the exports (and the webhooks' bodies) unless the agent turns income on. */
export const CRM_INCOME_COLUMNS: readonly string[] = ['income_range'];

/** One export's columns: without income unless `includeIncome` (decision 090). */
export function crmExportColumns(kind: CrmExport, includeIncome: boolean): readonly CsvColumn[] {
  return includeIncome
    ? CRM_EXPORT_COLUMNS[kind]
    : CRM_EXPORT_COLUMNS[kind].filter((c) => !CRM_INCOME_COLUMNS.includes(c.name));
}
