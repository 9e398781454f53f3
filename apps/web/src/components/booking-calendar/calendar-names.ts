// The booking calendar's names in the page's language (issue 43): month titles, weekday headers and day names
// through Intl, so Spanish (es-US) reads 'junio de 2025', 'DOM' and 'martes, 4 de marzo de 2031'.
import { useMemo } from 'react';
import { useLocale } from '@/lib/i18n';

/**
 * The calendar's names in `intl` (the page's Intl locale): the month title ('June 2025', 'junio de 2025'), the
 * weekday headers from Sunday ('SUN', 'DOM'), a day's full name for its button and the chosen day's heading.
 */
function calendarNames(intl: string) {
  const month = new Intl.DateTimeFormat(intl, { month: 'long', year: 'numeric' });
  const weekday = new Intl.DateTimeFormat(intl, { weekday: 'short' });
  const day = new Intl.DateTimeFormat(intl, {
    weekday: 'long',
    month: 'long',
    day: 'numeric',
    year: 'numeric',
  });
  const chosen = new Intl.DateTimeFormat(intl, { weekday: 'long', month: 'long', day: 'numeric' });
  return {
    // 2023-01-01 was a Sunday.
    weekdays: [0, 1, 2, 3, 4, 5, 6].map((i) =>
      weekday
        .format(new Date(2023, 0, 1 + i))
        .replace(/\.$/, '')
        .toLocaleUpperCase(intl),
    ),
    month: (date: Date) => month.format(date),
    day: (date: Date) => day.format(date),
    chosen: (date: Date) => chosen.format(date),
  };
}

export function useCalendarNames() {
  const { intlLocale } = useLocale();
  return useMemo(() => calendarNames(intlLocale), [intlLocale]);
}
