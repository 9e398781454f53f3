// Settings → Team: what happens to a removed member's future bookings.
import { countOf } from '@keyturn/domain/plural';
import type { TeamMember } from '@keyturn/domain/schemas/team';
import type { HandoverChoice } from '@keyturn/domain/teams';
import { SelectField } from '@/components/ui/text-field';

const HANDOVER_LABELS: Record<HandoverChoice, string> = {
  reassign: 'Reassign to another member (each buyer is told)',
  cancel: 'Cancel them (each buyer gets the cancellation notice)',
};

/**
 * The removal's choice for a member's future bookings (decision 026): every one reassigned to one member
 * (the server checks each against that member's bookings and refuses the whole removal on a clash), or every
 * one cancelled with the normal cancellation notice to its buyer.
 */
export function HandoverChoiceFields({
  name,
  future,
  heirs,
  handover,
  onHandover,
  heir,
  onHeir,
}: {
  name: string;
  future: number;
  heirs: (TeamMember & { agentId: string })[];
  handover: HandoverChoice;
  onHandover: (choice: HandoverChoice) => void;
  heir: string;
  onHeir: (agentId: string) => void;
}) {
  return (
    <fieldset className="space-y-2">
      <legend className="font-medium text-slate-900">
        {name} has {countOf(future, 'future booking')}. What happens to {future === 1 ? 'it' : 'them'}?
      </legend>
      <HandoverRadio choice="reassign" handover={handover} onHandover={onHandover} />
      {handover === 'reassign' ? (
        <SelectField label="Reassign to" value={heir} onChange={(e) => onHeir(e.target.value)}>
          <option value="">Choose a member</option>
          {heirs.map((m) => (
            <option key={m.agentId} value={m.agentId}>
              {m.name}
            </option>
          ))}
        </SelectField>
      ) : null}
      <HandoverRadio choice="cancel" handover={handover} onHandover={onHandover} />
    </fieldset>
  );
}

function HandoverRadio({
  choice,
  handover,
  onHandover,
}: {
  choice: HandoverChoice;
  handover: HandoverChoice;
  onHandover: (choice: HandoverChoice) => void;
}) {
  return (
    <label className="flex items-center gap-2">
      <input
        type="radio"
        name="handover"
        value={choice}
        checked={handover === choice}
        onChange={() => onHandover(choice)}
        className="size-4 accent-blue-600"
      />
      {HANDOVER_LABELS[choice]}
    </label>
  );
}
