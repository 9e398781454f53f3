// Issue 44: the cut-off choices of a <select> — Settings → Availability (the agent's own) and a property's
// showing rules (its override) offer the same list, in the domain's words.
import { cutoffChoiceLabel, cutoffChoices } from '@keyturn/domain/changeCutoff';

export function ChangeCutoffOptions({ current }: { current: number | null }) {
  return (
    <>
      {cutoffChoices(current).map((hours) => (
        <option key={hours} value={String(hours)}>
          {cutoffChoiceLabel(hours)}
        </option>
      ))}
    </>
  );
}
