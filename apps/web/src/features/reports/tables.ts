// Each report figure as a table (what screen readers and the CSV download get) and the chart drawn from
// the same rows. Pure: the page and the tests read these.
import { BOOKING_STATUS_LABELS } from '@keyturn/domain/bookingStatus';
import {
  BOOKING_PURPOSE_LABELS,
  BOOKING_STATUSES,
  BUYER_TYPE_LABELS,
  budgetRangeLabel,
  type BookingPurpose,
  type BudgetRange,
  type BuyerType,
} from '@keyturn/domain/enums';
import { LEAD_CLASS_LABELS, LEAD_CLASSES, type LeadClass } from '@keyturn/domain/insights/classify';
import { FIGURES, reportFigure } from '@keyturn/domain/figures';
import { LEAD_TIME_BUCKETS } from '@keyturn/domain/insights/reportRules';
import {
  hourLabel,
  WEEKDAY_NAMES,
  type CoreReport,
  type ReportBreakdowns,
} from '@keyturn/domain/schemas/reports';

export type Cell = string | number;
export type Column = { key: string; label: string };
export type Series = { key: string; label: string; color: string };
export type ChartSpec = {
  /** The row field the bars are labelled by. */
  category: string;
  series: Series[];
  stacked?: boolean;
  /** Long labels (addresses, reasons) read better on horizontal bars. */
  horizontal?: boolean;
};
export type ReportTable = {
  id: string;
  title: string;
  description: string;
  columns: Column[];
  rows: Record<string, Cell>[];
  chart: ChartSpec;
};

export const STATUS_COLORS: Record<(typeof BOOKING_STATUSES)[number], string> = {
  pending: '#f59e0b',
  confirmed: '#10b981',
  completed: '#2563eb',
  no_show: '#f97316',
  cancelled: '#dc2626',
  declined: '#64748b',
  rescheduled: '#7c3aed',
};
const BLUE = '#2563eb';
const GREEN = '#10b981';
const RED = '#dc2626';
const CLASS_COLORS: Record<LeadClass, string> = { hot: RED, potential: '#f59e0b', cold: '#64748b' };

/** The funnel's steps, each a figure of figures.ts (in showings: the last is not "hot buyers"). */
const FUNNEL_STEPS = ['booked', 'showed', 'feedback', 'hotShowings'] as const;

const percent = (value: number | null) => (value === null ? '—' : `${Math.round(value * 1000) / 10}%`);

export function coreTables(report: CoreReport): ReportTable[] {
  const { funnel, rates } = report;
  return [
    {
      id: 'bookings-over-time',
      title: 'Bookings over time',
      description: 'Bookings by the day of the showing, by status.',
      columns: [
        { key: 'date', label: 'Date' },
        ...BOOKING_STATUSES.map((s) => ({ key: s, label: BOOKING_STATUS_LABELS[s] })),
        { key: 'total', label: 'Total' },
      ],
      rows: report.bookings_by_day.map((d) => ({ ...d })),
      chart: {
        category: 'date',
        stacked: true,
        series: BOOKING_STATUSES.map((s) => ({
          key: s,
          label: BOOKING_STATUS_LABELS[s],
          color: STATUS_COLORS[s],
        })),
      },
    },
    {
      id: 'showings-per-property',
      title: 'Showings per property',
      description: 'Bookings of each property in the range (cancelled ones included), most booked first.',
      columns: [
        { key: 'property', label: 'Property' },
        { key: 'bookings', label: 'Bookings' },
        { key: 'completed', label: 'Completed' },
        { key: 'no_show', label: 'No-shows' },
        { key: 'cancelled', label: 'Cancelled' },
      ],
      rows: report.showings_by_property.map((p) => ({
        property: p.address ?? 'No property (consultations)',
        bookings: p.bookings,
        completed: p.completed,
        no_show: p.no_show,
        cancelled: p.cancelled,
      })),
      chart: {
        category: 'property',
        horizontal: true,
        series: [
          { key: 'bookings', label: 'Bookings', color: BLUE },
          { key: 'completed', label: 'Completed', color: GREEN },
        ],
      },
    },
    {
      id: 'funnel',
      title: 'Funnel',
      description: FUNNEL_STEPS.map((id) => `${FIGURES[id].label}: ${FIGURES[id].counts}`).join(' '),
      columns: [
        { key: 'step', label: 'Step' },
        { key: 'count', label: 'Bookings' },
        { key: 'share', label: 'Of booked' },
      ],
      rows: FUNNEL_STEPS.map((id) => {
        const count = reportFigure(report, id) ?? 0;
        return {
          step: FIGURES[id].label,
          count,
          share: percent(funnel.booked ? count / funnel.booked : null),
        };
      }),
      chart: { category: 'step', series: [{ key: 'count', label: 'Bookings', color: BLUE }] },
    },
    {
      id: 'lead-classes-over-time',
      title: 'Lead classes over time',
      description:
        'Each week, the buyers with a showing in the range so far, by their class at the end of that week (their latest answers up to then, by the classification rules of the Feedback page).',
      columns: [
        { key: 'week', label: 'Week' },
        ...LEAD_CLASSES.map((c) => ({ key: c, label: LEAD_CLASS_LABELS[c] })),
      ],
      rows: report.lead_classes_by_week.map((w) => ({
        week: `${w.week_start} – ${w.week_end}`,
        hot: w.hot,
        potential: w.potential,
        cold: w.cold,
      })),
      chart: {
        category: 'week',
        stacked: true,
        series: LEAD_CLASSES.map((c) => ({
          key: c,
          label: LEAD_CLASS_LABELS[c],
          color: CLASS_COLORS[c],
        })),
      },
    },
    {
      id: 'rates',
      title: 'No-show and cancellation rates',
      description: 'No-shows of the showings that had an outcome; cancellations of all bookings.',
      columns: [
        { key: 'measure', label: 'Measure' },
        { key: 'count', label: 'Count' },
        { key: 'of', label: 'Out of' },
        { key: 'rate', label: 'Rate' },
        { key: 'percent', label: 'Rate (%)' },
      ],
      rows: [
        { measure: 'No-show rate', ...rates.no_show },
        { measure: 'Cancellation rate', ...rates.cancellation },
      ].map((r) => ({
        measure: r.measure,
        count: r.count,
        of: r.of,
        rate: percent(r.rate),
        percent: r.rate === null ? 0 : Math.round(r.rate * 1000) / 10,
      })),
      chart: { category: 'measure', series: [{ key: 'percent', label: 'Rate (%)', color: RED }] },
    },
    countTable(
      ['cancellation-reasons', 'Cancellation reasons', 'The reasons given when a booking was cancelled.'],
      { category: ['reason', 'Reason'], count: 'Cancellations', color: RED, horizontal: true },
      report.cancellation_reasons.map((r) => ({ reason: r.reason ?? 'No reason given', count: r.count })),
    ),
    countTable(
      ['busiest-weekdays', 'Busiest weekdays', 'Showings held or scheduled, by weekday in your time zone.'],
      { category: ['day', 'Day'], count: 'Showings', color: BLUE },
      report.weekdays.map((w) => ({ day: WEEKDAY_NAMES[w.day] ?? String(w.day), count: w.count })),
    ),
    countTable(
      ['busiest-hours', 'Busiest hours', 'Showings held or scheduled, by starting hour in your time zone.'],
      { category: ['hour', 'Hour'], count: 'Showings', color: BLUE },
      report.hours.map((h) => ({ hour: hourLabel(h.hour), count: h.count })),
    ),
  ];
}

const breakdownColumns = (first: string): Column[] => [
  { key: 'group', label: first },
  { key: 'booked', label: 'Booked' },
  { key: 'showed', label: 'Showed' },
  { key: 'hot', label: FIGURES.hotShowings.label },
];
const breakdownChart: ChartSpec = {
  category: 'group',
  horizontal: true,
  series: [
    { key: 'booked', label: 'Booked', color: BLUE },
    { key: 'showed', label: 'Showed', color: GREEN },
    { key: 'hot', label: FIGURES.hotShowings.label, color: RED },
  ],
};

/** A table's id, title and description. */
type TableHead = [id: string, title: string, description: string];

/** One count per category (its key and label), drawn as bars of that count. */
function countTable(
  [id, title, description]: TableHead,
  bars: { category: [key: string, label: string]; count: string; color: string; horizontal?: boolean },
  rows: Record<string, Cell>[],
): ReportTable {
  const [category, label] = bars.category;
  return {
    id,
    title,
    description,
    columns: [
      { key: category, label },
      { key: 'count', label: bars.count },
    ],
    rows,
    chart: {
      category,
      ...(bars.horizontal ? { horizontal: true } : {}),
      series: [{ key: 'count', label: bars.count, color: bars.color }],
    },
  };
}

/** The funnel (booked, showed, hot) per group, its rows labelled by `label` ('Not given' for none). */
function breakdown(
  [id, title, description]: TableHead,
  first: string,
  groups: { rows: ReportBreakdowns['by_buyer_type']; label: (key: string) => string },
): ReportTable {
  return {
    id,
    title,
    description,
    columns: breakdownColumns(first),
    rows: groups.rows.map((r) => ({
      group: r.key === null ? 'Not given' : groups.label(r.key),
      booked: r.booked,
      showed: r.showed,
      hot: r.hot,
    })),
    chart: breakdownChart,
  };
}

export function breakdownTables(report: ReportBreakdowns): ReportTable[] {
  return [
    breakdown(['by-buyer-type', 'By buyer type', 'The funnel for each kind of buyer.'], 'Buyer type', {
      rows: report.by_buyer_type,
      label: (k) => BUYER_TYPE_LABELS[k as BuyerType] ?? k,
    }),
    breakdown(['by-purpose', 'By purpose', 'The funnel for each booking purpose.'], 'Purpose', {
      rows: report.by_purpose,
      label: (k) => BOOKING_PURPOSE_LABELS[k as BookingPurpose] ?? k,
    }),
    breakdown(['by-budget', 'By budget', 'The funnel for each budget range buyers chose.'], 'Budget', {
      rows: report.by_budget,
      label: (k) => budgetRangeLabel(k as BudgetRange),
    }),
    countTable(
      ['lead-time', 'How far ahead buyers book', 'Time between the booking and the showing.'],
      { category: ['bucket', 'Booked ahead'], count: 'Bookings', color: BLUE },
      report.lead_time.map((l) => ({
        bucket: LEAD_TIME_BUCKETS.find((b) => b.key === l.bucket)?.label ?? l.bucket,
        count: l.count,
      })),
    ),
  ];
}
