// The buyer's one-off pages — feedback, a tour, the team page — and the agent's brand mark on them, in the page's
// language (issue 43; catalogues in packages/domain/src/i18n/<locale>/visit.json).
import english from '@keyturn/domain/i18n/en/visit.json';
import { defineArea } from '@/lib/i18n';

export const VISIT = defineArea('visit', english);
