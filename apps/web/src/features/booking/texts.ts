// The booking page's texts (issue 43): the flow's steps, the calendar, the hold notice and the cookie banner, in
// the page's language (lib/i18n.tsx; catalogues in packages/domain/src/i18n/<locale>/booking.json).
import english from '@keyturn/domain/i18n/en/booking.json';
import { defineArea, type Translate } from '@/lib/i18n';

export const BOOKING = defineArea('booking', english);

/** A translator of the booking texts (useT(BOOKING)). */
export type BookingT = Translate<keyof typeof english>;
