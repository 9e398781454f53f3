// What Keyturn does, for the landing grid and the features page: the domain's feature catalogue with an icon
// each; whether a feature is "Available now" or "In development" is its `built` flag there.
import type { ComponentType, SVGProps } from 'react';
import {
  BUILT_FEATURES,
  featureStatusLabel,
  UPCOMING_FEATURES as UPCOMING,
  type Feature,
  type FeatureId,
} from '@keyturn/domain/features';
import {
  BellIcon,
  BoltIcon,
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

export interface ProductFeature extends Feature {
  Icon: ComponentType<SVGProps<SVGSVGElement>>;
}

const ICONS: Record<FeatureId, ComponentType<SVGProps<SVGSVGElement>>> = {
  booking_pages: LinkIcon,
  time_zone_slots: GlobeIcon,
  no_double_booking: ShieldIcon,
  reschedule_links: RepeatIcon,
  availability_rules: ClockIcon,
  dashboard: LayoutIcon,
  reminders: BellIcon,
  feedback_requests: StarIcon,
  lead_scoring: GaugeIcon,
  ai_assistant: BoltIcon,
  route_optimisation: RouteIcon,
  calendar_sync: SyncIcon,
  teams: UsersIcon,
  showing_rules: ClockIcon,
  seller_approvals: ShieldIcon,
  access_release: ShieldIcon,
  seller_reports: LayoutIcon,
};

const withIcon = (feature: Feature): ProductFeature => ({ ...feature, Icon: ICONS[feature.id] });

/** Built and not yet built, as the domain's feature catalogue says (one flag per feature). */
export const AVAILABLE_FEATURES: ProductFeature[] = BUILT_FEATURES.map(withIcon);
export const UPCOMING_FEATURES: ProductFeature[] = UPCOMING.map(withIcon);

export function FeatureCard({
  feature,
  heading: Heading = 'h3',
}: {
  feature: ProductFeature;
  heading?: 'h2' | 'h3';
}) {
  const { Icon } = feature;
  const status = feature.built ? 'available' : 'upcoming';
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
          {featureStatusLabel(feature)}
        </span>
      </div>
      <Heading className="mt-5 text-lg font-semibold text-slate-900">{feature.title}</Heading>
      <p className="mt-2 text-base leading-7 text-slate-600">{feature.summary}</p>
    </article>
  );
}

/** Feature cards in a grid: one column on a phone, two, then three. */
export function FeatureGrid({
  features,
  top = 'mt-10',
}: {
  features: readonly ProductFeature[];
  top?: string;
}) {
  return (
    <ul className={`${top} grid grid-cols-1 gap-6 sm:grid-cols-2 lg:grid-cols-3`}>
      {features.map((feature) => (
        <li key={feature.title}>
          <FeatureCard feature={feature} />
        </li>
      ))}
    </ul>
  );
}
