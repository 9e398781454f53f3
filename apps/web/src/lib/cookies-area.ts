// The cookie banner's texts (issue 43), in the buyer page's language; on the other pages, English (their locale).
// Its own area: the banner loads lazily on every page (packages/domain/src/i18n/<locale>/cookies.json).
import english from '@keyturn/domain/i18n/en/cookies.json';
import { defineArea } from '@/lib/i18n';

export const COOKIES = defineArea('cookies', english);
