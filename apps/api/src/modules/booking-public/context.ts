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
  /**
   * Marks a date's offered times "suggested" (issue 17): the assistant's learned preferences, registered by the
   * app (decision 071: the slot pipeline does not call up into the assistant). Without it nothing is marked.
   */
  suggest?: SlotSuggester;
};

/** A showing placed on the agent's calendar: when, and in which area. */
type PlacedShowing = { startsAt: number; city: string | null; zip_code: string | null };

/** What the slot pipeline hands a suggester for one date; it answers the start instants it marks. */
export type SlotSuggester = (
  db: Db,
  input: {
    agent: { id: string; timeZone: string };
    now: Date;
    /** The agent's stored scheduling preferences (agent_settings.scheduling), as read with the slot inputs. */
    scheduling: unknown;
    date: string;
    offered: readonly { slot: { time: string; startsAt: number }; recommended: boolean }[];
    place: { city: string | null; zip_code: string | null } | null;
    /** The agent's active bookings around the date (at least the whole agent-zone date). */
    showings: readonly PlacedShowing[];
  },
) => Promise<ReadonlySet<number>>;
/** What GET /api/booking/availability/…/:date answers. */
export type DateAnswer = ReturnType<typeof dateSlotsAnswer>;
