// What every public call of the booking flow is handed (the app composes it once); its 404s are in reads.ts.
import type { Db } from '../../db/client';
import type { BookingNotifier } from '../core/notifications/scheduler';
import type { dateSlotsAnswer } from '../availability/service';
import type { DateAnswers } from './date-answers';

export type PublicContext = {
  db: Db;
  publicUrl: string;
  now: () => Date;
  notify: BookingNotifier;
  /** The public date call's kept answers (decision 035); without it every call computes. */
  dateAnswers?: DateAnswers<DateAnswer>;
  /** The SMS default country: the consent ledger stores the buyer's number in E.164 (issue 33). */
  smsDefaultCountry?: string;
  /**
   * Whether the server's texts are set up (Server settings or the environment: account, token and sending
   * number), read at each call. Without it (tests of other things) no buyer is offered texts.
   */
  textsReady?: () => Promise<boolean>;
};
/** What GET /api/booking/availability/…/:date answers. */
export type DateAnswer = ReturnType<typeof dateSlotsAnswer>;
