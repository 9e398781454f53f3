// What Keyturn does, said once for the landing grid and the features page: what works today, and what is
// being built for launch (the spec's advertised capabilities that do not exist yet are labelled so).
import type { ComponentType, SVGProps } from 'react';
import { APPOINTMENT_MINUTES, BOOKING_WINDOW_DAYS } from '@keyturn/domain/constants';
import {
  BellIcon,
  ClockIcon,
  GaugeIcon,
  GlobeIcon,
  LayoutIcon,
  LinkIcon,
  RepeatIcon,
  RouteIcon,
  ShieldIcon,
  StarIcon,
  SyncIcon,
  UsersIcon,
} from '@/components/marks';

export interface ProductFeature {
  title: string;
  summary: string;
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

export const AVAILABLE_FEATURES: ProductFeature[] = [
  {
    title: 'Branded booking pages',
    summary:
      'Your logo, colour and photo on a page buyers open from any phone: one link for you, one for each property, and prefilled invitation links with a QR code.',
    Icon: LinkIcon,
  },
  {
    title: 'Slots in your time zone',
    summary: `${APPOINTMENT_MINUTES}-minute slots from tomorrow to ${BOOKING_WINDOW_DAYS} days ahead, worked out from your hours in your own time zone, daylight-saving changes included.`,
    Icon: GlobeIcon,
  },
  {
    title: 'No double booking',
    summary:
      'The database refuses a second active booking that overlaps the first, even when two buyers press Confirm at the same moment.',
    Icon: ShieldIcon,
  },
  {
    title: 'Reschedule and cancel links',
    summary:
      'Each confirmation gives the buyer a private link to move or cancel the viewing, plus an Add to calendar button.',
    Icon: RepeatIcon,
  },
  {
    title: 'Availability rules',
    summary:
      'Weekly hours with several ranges a day, days off, minimum notice, a buffer between showings, and automatic or manual confirmation.',
    Icon: ClockIcon,
  },
  {
    title: 'One dashboard',
    summary:
      'Pending requests, today’s schedule, the next days, properties with photos, and your plan’s usage at a glance.',
    Icon: LayoutIcon,
  },
];

export const UPCOMING_FEATURES: ProductFeature[] = [
  {
    title: 'Email and SMS reminders',
    summary: 'Automatic reminders before each showing, so fewer buyers forget.',
    Icon: BellIcon,
  },
  {
    title: 'Feedback and lead scoring',
    summary: 'A short form after each showing; answers sorted into hot, potential and cold leads.',
    Icon: StarIcon,
  },
  {
    title: 'Route optimisation',
    summary: 'Back-to-back showings ordered by travel time.',
    Icon: RouteIcon,
  },
  {
    title: 'Calendar sync',
    summary: 'Two-way sync with Google and Microsoft calendars.',
    Icon: SyncIcon,
  },
  {
    title: 'Team management',
    summary: 'Several agents under one agency account.',
    Icon: UsersIcon,
  },
  {
    title: 'Deeper analytics',
    summary: 'Sentiment, recommendations and benchmarks by plan.',
    Icon: GaugeIcon,
  },
];

export function FeatureCard({
  feature,
  status,
  heading: Heading = 'h3',
}: {
  feature: ProductFeature;
  status: 'available' | 'upcoming';
  heading?: 'h2' | 'h3';
}) {
  const { Icon } = feature;
  return (
    <article className="flex h-full flex-col rounded-2xl border border-slate-200 bg-white p-6 shadow-sm">
      <div className="flex items-center justify-between gap-3">
        <span
          className={`inline-flex size-11 items-center justify-center rounded-xl ${
            status === 'available' ? 'bg-blue-50 text-blue-700' : 'bg-slate-100 text-slate-600'
          }`}
        >
          <Icon className="size-6" />
        </span>
        <span
          className={`rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset ${
            status === 'available'
              ? 'bg-emerald-50 text-emerald-800 ring-emerald-200'
              : 'bg-amber-50 text-amber-900 ring-amber-200'
          }`}
        >
          {status === 'available' ? 'Available now' : 'In development'}
        </span>
      </div>
      <Heading className="mt-5 text-lg font-semibold text-slate-900">{feature.title}</Heading>
      <p className="mt-2 text-base leading-7 text-slate-600">{feature.summary}</p>
    </article>
  );
}
