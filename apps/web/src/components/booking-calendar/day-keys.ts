// The calendar grid's keys (spec §2.8): arrow keys by a day or a week, Home/End to the week's ends, Page Up/Down
// by a month (with Shift by a year). The day a key moves to from `from`; null for any other key.
import { addDays, addMonths, addYears, endOfWeek, startOfWeek } from 'date-fns';
import type { KeyboardEvent } from 'react';

export function keyTarget(event: KeyboardEvent, from: Date): Date | null {
  switch (event.key) {
    case 'ArrowLeft':
      return addDays(from, -1);
    case 'ArrowRight':
      return addDays(from, 1);
    case 'ArrowUp':
      return addDays(from, -7);
    case 'ArrowDown':
      return addDays(from, 7);
    case 'Home':
      return startOfWeek(from, { weekStartsOn: 0 });
    case 'End':
      return endOfWeek(from, { weekStartsOn: 0 });
    case 'PageUp':
      return event.shiftKey ? addYears(from, -1) : addMonths(from, -1);
    case 'PageDown':
      return event.shiftKey ? addYears(from, 1) : addMonths(from, 1);
    default:
      return null;
  }
}
