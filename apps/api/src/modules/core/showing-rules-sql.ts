// Issue 32: a property's showing rules in SQL, for statements that read them with other things (no imports:
// the slot inputs' statement reads it, and the showing-rules service imports the properties module).
/**
 * The same rules as a JSON object in SQL (the slot inputs' one statement): `r` is a property_showing_rules row,
 * null when the property has none.
 */
export const SHOWING_RULES_JSON = `json_build_object('approval', r.approval, 'instructions', r.instructions,
  'minNoticeMinutes', r.min_notice_minutes, 'suggestedNoticeMinutes', r.suggested_notice_minutes,
  'noSameDay', r.no_same_day, 'windows', r.windows, 'blocks', r.blocks, 'maxPerDay', r.max_per_day,
  'gapMinutes', r.gap_minutes, 'accessReleaseMinutes', r.access_release_minutes)`;
