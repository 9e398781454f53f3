// Issue 44 "Cut-offs": the agent's own cut-off for buyers' cancellations and reschedules, on Settings →
// Availability. A property's showing rules may override it.
import { useQueryClient } from '@tanstack/react-query';
import { CHANGE_CUTOFF_UI, cutoffChoiceLabel, cutoffChoices } from '@keyturn/domain/changeCutoff';
import type { AgentChangeCutoff } from '@keyturn/domain/schemas/changeCutoff';
import { ChoiceSetting } from './choice-setting';

const CHANGE_CUTOFF_KEY = ['change-cutoff'] as const;

export function ChangeCutoffSetting() {
  const queryClient = useQueryClient();
  return (
    <ChoiceSetting
      queryKey={CHANGE_CUTOFF_KEY}
      path="/agents/change-cutoff"
      words={CHANGE_CUTOFF_UI}
      read={(data: AgentChangeCutoff) => data.hours}
      write={(hours) => ({ hours })}
      options={(current) =>
        cutoffChoices(current).map((hours) => ({
          value: String(hours),
          label: cutoffChoiceLabel(hours),
          choice: hours,
        }))
      }
      // A property's rules show the agent's cut-off as what "Same as your settings" means.
      onSaved={() => void queryClient.invalidateQueries({ queryKey: ['showing-rules'] })}
    />
  );
}
