// Every figure the product shows, defined once (issue 29, decision 046): what it counts, over which window,
// in whose zone, for whom, and its on-screen label with the window. The API computes each definition with
// one function (apps/api/src/modules/figures/), every route that returns a figure calls it, and every screen
// labels it with `figureLabel` — so "Hot 9" on one page and "Hot 12" on the next cannot be the same words
// for two different counts again. Pure: no I/O. Report figures (over a chosen range) are computed by the
// report's one statement (modules/reports) with the status lists of insights/reportRules.ts.
import type { BookingStatus } from './enums';
import { plainText } from './i18n/english';
import seller from './i18n/en/seller.json' with { type: 'json' };
import type { CoreReport } from './schemas/reports';

const SELLER = seller as Record<keyof typeof seller, unknown>;

/** Over which stretch of time a figure counts. Days, months and ranges are the agent's, in their zone. */
export type FigureWindow = 'now' | 'this_month' | 'all_time' | 'report_range';

/**
 * Whose rows: the caller's own (the agent alone; a team member's or owner's own rows too — never the team's
 * under his name), or the whole team's (every member's bookings, the team's properties), labelled as such.
 */
export type FigureScope = 'own' | 'team';

export type FigureDefinition = {
  /** The figure's name on screen, without window or scope. */
  label: string;
  /** What it counts, in the agent's words (shown as the figure's description). */
  counts: string;
  window: FigureWindow;
  /** The scopes it is shown for: a team figure exists only for agents in a team. */
  scopes: readonly FigureScope[];
};

/**
 * Statuses a monthly bookings count leaves out: a cancelled or declined request never became a showing, a
 * rescheduled booking was replaced by the one it moved to (which counts). The plan's monthly limit counts
 * by the same definition (modules/booking-public checkMonthlyLimit).
 */
export const NOT_COUNTED_MONTHLY_STATUSES = [
  'cancelled',
  'declined',
  'rescheduled',
] as const satisfies readonly BookingStatus[];

export const FIGURES = {
  pendingRequests: {
    label: 'Pending requests',
    counts: 'Booking requests waiting for a confirmation, whenever their showing is.',
    window: 'now',
    scopes: ['own'],
  },
  bookingsThisMonth: {
    label: 'Bookings made',
    counts:
      'Bookings made since the 1st of this month, whenever their showing is (cancelled, declined and moved ones not counted).',
    window: 'this_month',
    scopes: ['own', 'team'],
  },
  properties: {
    label: 'Properties',
    counts: 'Listed properties: assigned to you, or for the team every property of the team.',
    window: 'now',
    scopes: ['own', 'team'],
  },
  hotBuyers: {
    label: 'Hot buyers',
    counts: 'Buyers (one per e-mail address) the lead rules call hot today, from everything they did.',
    window: 'all_time',
    scopes: ['own'],
  },
  potentialBuyers: {
    label: 'Potential buyers',
    counts: 'Buyers the lead rules call potential today, from everything they did.',
    window: 'all_time',
    scopes: ['own'],
  },
  coldBuyers: {
    label: 'Cold buyers',
    counts: 'Buyers the lead rules call cold today, from everything they did.',
    window: 'all_time',
    scopes: ['own'],
  },
  booked: {
    // Issue 39: not "Booked", which read as the overview's "Bookings made" (counted by when they were made).
    label: 'Booked showings (by showing date)',
    counts: 'Showings in the range that were booked (pending, confirmed, completed, no-show or cancelled).',
    window: 'report_range',
    scopes: ['own'],
  },
  showed: {
    label: 'Showed',
    counts: 'Booked showings in the range that took place: completed, or the buyer gave feedback.',
    window: 'report_range',
    scopes: ['own'],
  },
  feedback: {
    label: 'With feedback',
    counts: 'Booked showings in the range the buyer gave feedback on.',
    window: 'report_range',
    scopes: ['own'],
  },
  hotShowings: {
    label: 'Showings of hot buyers',
    counts:
      'Showings in the range with feedback whose buyer was hot at the end of the range (showings, not buyers).',
    window: 'report_range',
    scopes: ['own'],
  },
  rangeHotBuyers: {
    label: 'Hot buyers',
    counts: 'Buyers with a showing booked in the range who were hot at the end of the range.',
    window: 'report_range',
    scopes: ['own'],
  },
  noShowRate: {
    label: 'No-show rate',
    counts: 'No-shows ÷ showings in the range with an outcome (completed or no-show).',
    window: 'report_range',
    scopes: ['own'],
  },
  confirmedByTextNoShowRate: {
    label: 'No-show rate when confirmed by text',
    counts:
      'Of the showings in the range with an outcome whose buyer confirmed by replying to a text: the share that were no-shows.',
    window: 'report_range',
    scopes: ['own'],
  },
  confirmedOnPageNoShowRate: {
    label: 'No-show rate when confirmed on their page',
    counts:
      'Of the showings in the range with an outcome whose buyer confirmed on their booking page: the share that were no-shows.',
    window: 'report_range',
    scopes: ['own'],
  },
  notConfirmedNoShowRate: {
    label: 'No-show rate when not confirmed',
    counts:
      'Of the showings in the range with an outcome whose buyer never confirmed: the share that were no-shows.',
    window: 'report_range',
    scopes: ['own'],
  },
  cancellationRate: {
    label: 'Cancellation rate',
    counts: 'Cancelled ÷ booked showings in the range.',
    window: 'report_range',
    scopes: ['own'],
  },
  documentDownloads: {
    // Shown on the seller's report too: its label and counts are the `seller` catalogue's English.
    label: plainText(SELLER.documentDownloads),
    counts: plainText(SELLER.documentDownloadsCounts),
    window: 'all_time',
    scopes: ['own'],
  },
  showingsPerWeekOnMarket: {
    label: plainText(SELLER.showingsPerWeek),
    counts:
      'Showings of a listing (done, upcoming or no-show; cancelled, declined and moved ones not counted) ÷ its weeks on market since it was added (at least one week).',
    window: 'all_time',
    scopes: ['own'],
  },
} as const satisfies Record<string, FigureDefinition>;

export type FigureId = keyof typeof FIGURES;

/** A report range as the page holds it: agent-zone dates, and today's date there. */
export type FigureRange = { from: string; to: string; today: string };

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function shortDate(iso: string, withYear: boolean): string {
  const [y, m, d] = iso.split('-').map(Number) as [number, number, number];
  return `${d} ${MONTHS[m - 1]}${withYear ? ` ${y}` : ''}`;
}

function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

/**
 * The window in words: "now", "this month", "all time"; a report range ending today is "last N days", any
 * other "3 Nov – 9 Nov 2026".
 */
export function windowLabel(window: FigureWindow, range?: FigureRange): string {
  if (window === 'now') return 'now';
  if (window === 'this_month') return 'this month';
  if (window === 'all_time') return 'all time';
  if (!range) return 'in the range';
  if (range.to === range.today) {
    const days = daysBetween(range.from, range.to);
    return days === 1 ? 'today' : `last ${days} days`;
  }
  const sameYear = range.from.slice(0, 4) === range.to.slice(0, 4);
  return `${shortDate(range.from, !sameYear)} – ${shortDate(range.to, true)}`;
}

/**
 * The figure's label on screen with its window, and "Team's" before a team figure: "Bookings made, this
 * month", "Team's properties, now", "Hot buyers, all time", "Booked showings (by showing date), last 30 days".
 */
export function figureLabel(id: FigureId, opts: { scope?: FigureScope; range?: FigureRange } = {}): string {
  const def: FigureDefinition = FIGURES[id];
  const name = opts.scope === 'team' ? `Team's ${def.label.toLowerCase()}` : def.label;
  return `${name}, ${windowLabel(def.window, opts.range)}`;
}

/** The figures counted for a scope outside a report (the overview's, the Feedback page's, the team's). */
export const OWN_FIGURES = [
  'pendingRequests',
  'bookingsThisMonth',
  'properties',
  'hotBuyers',
  'potentialBuyers',
  'coldBuyers',
] as const satisfies readonly FigureId[];
export const TEAM_FIGURES = ['bookingsThisMonth', 'properties'] as const satisfies readonly FigureId[];

/** The figures a report shows (over its range), each read from the report's one statement. */
export const REPORT_FIGURES = [
  'booked',
  'showed',
  'rangeHotBuyers',
  'noShowRate',
  'cancellationRate',
] as const satisfies readonly FigureId[];
/** Issue 33: the no-show rate by how the buyer confirmed (Reports' "Confirmations" section). */
export const CONFIRMATION_FIGURES = [
  'confirmedByTextNoShowRate',
  'confirmedOnPageNoShowRate',
  'notConfirmedNoShowRate',
] as const satisfies readonly FigureId[];
export type ReportFigureId =
  (typeof REPORT_FIGURES)[number] | (typeof CONFIRMATION_FIGURES)[number] | 'feedback' | 'hotShowings';

/**
 * A report figure's value from the core report: a count, or a rate (0–1, null with nothing to divide by).
 * The one place that says which of the report's numbers is which figure — the headline, the funnel table
 * and the cross-screen test all read it. "Hot buyers" over a range is the last week of the classes over
 * time: the range's buyers hot as of the range's end.
 */
export function reportFigure(report: CoreReport, id: ReportFigureId): number | null {
  switch (id) {
    case 'booked':
      return report.funnel.booked;
    case 'showed':
      return report.funnel.showed;
    case 'feedback':
      return report.funnel.feedback;
    case 'hotShowings':
      return report.funnel.hot;
    case 'rangeHotBuyers':
      return report.lead_classes_by_week.at(-1)?.hot ?? 0;
    case 'noShowRate':
      return report.rates.no_show.rate;
    case 'cancellationRate':
      return report.rates.cancellation.rate;
    case 'confirmedByTextNoShowRate':
      return report.rates.no_show_by_confirmation.text.rate;
    case 'confirmedOnPageNoShowRate':
      return report.rates.no_show_by_confirmation.page.rate;
    case 'notConfirmedNoShowRate':
      return report.rates.no_show_by_confirmation.none.rate;
  }
}

/** A figure's value as the screens write it: a count as is, a rate as a percentage with one decimal. */
export function formatFigure(id: FigureId, value: number | null): string {
  if (value === null) return '—';
  return id.endsWith('Rate') ? `${Math.round(value * 1000) / 10}%` : String(value);
}

/** Statuses `showingsPerWeekOnMarket` counts: showings that happened, are ahead, or were missed. */
export const ON_MARKET_SHOWING_STATUSES = [
  'pending',
  'confirmed',
  'completed',
  'no_show',
] as const satisfies readonly BookingStatus[];

const WEEK_MS = 7 * 86_400_000;

/**
 * `showingsPerWeekOnMarket` of one listing: its counted showings over its weeks on market (from `listedAt` to
 * `now`, at least one week so a new listing is not inflated), to one decimal.
 */
export function showingsPerWeekOnMarket(showings: number, listedAt: Date, now: Date): number {
  const weeks = Math.max(1, (now.getTime() - listedAt.getTime()) / WEEK_MS);
  return Math.round((showings / weeks) * 10) / 10;
}
