import type { ComponentType, SVGProps } from 'react';
import {
  BuildingIcon,
  CalendarIcon,
  CardIcon,
  ChartIcon,
  ChatIcon,
  CogIcon,
  HomeIcon,
  PlusIcon,
  SearchIcon,
  ServerIcon,
  UsersIcon,
} from '@/components/ui/icons';
import { NETWORK_PATHS, NETWORK_TEXTS } from '@keyturn/domain/listing/network';
import { PRIVACY_TEXTS } from '@keyturn/domain/privacy';
import { AUDIT_LOG_PATH, AUDIT_TEXTS } from '@keyturn/domain/audit';
import { SERVER_SETTINGS_PATH, SERVER_SETTINGS_TEXTS } from '@keyturn/domain/schemas/serverSettings';

export interface NavEntry {
  label: string;
  to: string;
  icon: ComponentType<SVGProps<SVGSVGElement>>;
  /** Active only on the exact path (Dashboard); the others are active on a path prefix (spec §2.2). */
  end?: boolean;
}

export const SIDEBAR_ENTRIES: readonly NavEntry[] = [
  { label: 'Dashboard', to: '/dashboard', icon: HomeIcon, end: true },
  { label: 'Properties', to: '/dashboard/properties', icon: BuildingIcon },
  { label: 'Bookings', to: '/dashboard/bookings', icon: CalendarIcon },
  // Issue 45: the showing network — the other agents' listings, and the caller's requests on them.
  { label: NETWORK_TEXTS.navLabel, to: NETWORK_PATHS.find, icon: SearchIcon },
  { label: 'Reports', to: '/dashboard/reports', icon: ChartIcon },
  { label: 'Feedback', to: '/dashboard/feedback', icon: ChatIcon },
  { label: 'Subscription', to: '/dashboard/subscription', icon: CardIcon },
  { label: 'Settings', to: '/dashboard/settings', icon: CogIcon },
  // Issue 46: buyers' deletion requests with their legal clock, and the retention setting (after spec §2.2's).
  { label: PRIVACY_TEXTS.nav, to: '/dashboard/privacy-requests', icon: UsersIcon },
];

/** The team view (issue 15): listed after Bookings, for a team's owners and admins only. */
export const TEAM_ENTRY: NavEntry = { label: 'Team', to: '/dashboard/team', icon: UsersIcon };

/**
 * The audit log (issue 46, decision 092): listed before Server settings for those who may read it — an
 * Enterprise agent on their own, a team's owners and admins on an Enterprise team.
 */
export const AUDIT_LOG_ENTRY: NavEntry = { label: AUDIT_TEXTS.navLabel, to: AUDIT_LOG_PATH, icon: ChartIcon };

/** Server settings (issue 30, decision 048): listed last, for the server's administrator only. */
export const SERVER_SETTINGS_ENTRY: NavEntry = {
  label: SERVER_SETTINGS_TEXTS.title,
  to: SERVER_SETTINGS_PATH,
  icon: ServerIcon,
};

export const QUICK_ACTIONS: readonly NavEntry[] = [
  { label: 'Schedule Viewing', to: '/dashboard/bookings', icon: CalendarIcon },
  { label: 'Add Property', to: '/dashboard/properties', icon: PlusIcon },
  { label: 'View Reports', to: '/dashboard/reports', icon: ChartIcon },
];
