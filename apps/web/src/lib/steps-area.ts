// The booking steps after the first screen (issue 43): property, calendar, times and the held-time notice — the
// team page and the tour page show the calendar and the notice too. Its own area so the booking page's first load
// carries only the first screen's texts (packages/domain/src/i18n/<locale>/steps.json).
import english from '@keyturn/domain/i18n/en/steps.json';
import { defineArea } from '@/lib/i18n';

export const STEPS = defineArea('steps', english);
