// Issue 44 "Held times": how long a time a buyer chose is held for them while they fill in the form, on
// Settings → Availability.
import { HOLD_TEXTS, holdMinutesChoices, holdMinutesLabel } from '@keyturn/domain/slots/holds';
import { ChoiceSetting } from './choice-setting';

export function HoldMinutesSetting() {
  return (
    <ChoiceSetting
      queryKey={['hold-minutes']}
      path="/agents/hold-minutes"
      words={HOLD_TEXTS.setting}
      read={(data: { minutes: number }) => data.minutes}
      write={(minutes) => ({ minutes })}
      options={(current) =>
        holdMinutesChoices(current).map((m) => ({ value: String(m), label: holdMinutesLabel(m), choice: m }))
      }
    />
  );
}
