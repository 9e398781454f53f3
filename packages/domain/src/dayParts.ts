// Parts of the day a buyer (or an AI assistant on their behalf) asks for: "a morning next week". Read on the
// agent's wall clock, by a slot's start. The same bounds as the booking assistant's "morning" / "afternoon" /
// "evening" (apps/api/src/modules/assistant/when.ts), widened to the whole day so no open slot is in none.
export const DAY_PARTS = ['morning', 'afternoon', 'evening'] as const;
export type DayPart = (typeof DAY_PARTS)[number];

/** Each part's wall-time bounds, 'HH:mm', from inclusive, to exclusive. */
export const DAY_PART_BOUNDS: Record<DayPart, { from: string; to: string }> = {
  morning: { from: '00:00', to: '12:00' },
  afternoon: { from: '12:00', to: '17:00' },
  evening: { from: '17:00', to: '24:00' },
};

/** The part of the day a wall time ('HH:mm' or 'HH:mm:ss') falls in. */
export function dayPartOf(time: string): DayPart {
  const hhmm = time.slice(0, 5);
  return DAY_PARTS.find((part) => hhmm < DAY_PART_BOUNDS[part].to) ?? 'evening';
}
