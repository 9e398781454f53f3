// What the Team settings' pieces share: the card they sit in and the role picker's options.
import { TEAM_ROLE_LABELS, type TeamRole } from '@keyturn/domain/teams';

export const teamCard = 'rounded-xl border border-slate-200 bg-white p-4 shadow-sm';

/** The <option>s of a role picker, labelled as the team names its roles. */
export function RoleOptions({ roles }: { roles: readonly TeamRole[] }) {
  return (
    <>
      {roles.map((r) => (
        <option key={r} value={r}>
          {TEAM_ROLE_LABELS[r]}
        </option>
      ))}
    </>
  );
}
