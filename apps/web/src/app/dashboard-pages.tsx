// The dashboard's pages (spec §2.1 /dashboard/*), each its own lazy chunk as before. They are listed here, in a
// chunk of their own that only a dashboard address loads, rather than in router.tsx: the route table every page
// starts with (the booking page's first load included) then carries one loader for all of them, not one per page.
import { lazy, type ComponentType, type LazyExoticComponent } from 'react';

export const DASHBOARD_PAGES = {
  overview: lazy(() =>
    import('@/features/dashboard/pages/overview-page').then((m) => ({ default: m.DashboardOverviewPage })),
  ),
  properties: lazy(() =>
    import('@/features/properties/pages/properties-page').then((m) => ({ default: m.PropertiesPage })),
  ),
  'import-listings': lazy(() =>
    import('@/features/properties/pages/import-listings-page').then((m) => ({
      default: m.ImportListingsPage,
    })),
  ),
  bookings: lazy(() =>
    import('@/features/bookings/pages/bookings-page').then((m) => ({ default: m.BookingsPage })),
  ),
  day: lazy(() => import('@/features/routes/pages/my-day-page').then((m) => ({ default: m.MyDayPage }))),
  reports: lazy(() =>
    import('@/features/reports/pages/reports-page').then((m) => ({ default: m.ReportsPage })),
  ),
  feedback: lazy(() =>
    import('@/features/feedback/pages/feedback-list-page').then((m) => ({ default: m.FeedbackListPage })),
  ),
  // Issue 46: the audit log (Enterprise), its own chunk.
  'audit-log': lazy(() =>
    import('@/features/audit/pages/audit-log-page').then((m) => ({ default: m.AuditLogPage })),
  ),
  conversations: lazy(() =>
    import('@/features/threads/pages/conversations-page').then((m) => ({ default: m.ConversationsPage })),
  ),
  'find-homes': lazy(() =>
    import('@/features/network/pages/find-homes-page').then((m) => ({ default: m.FindHomesPage })),
  ),
  'showing-requests': lazy(() =>
    import('@/features/network/pages/showing-requests-page').then((m) => ({
      default: m.ShowingRequestsPage,
    })),
  ),
  tours: lazy(() => import('@/features/network/pages/tours-page').then((m) => ({ default: m.ToursPage }))),
  'showing-request': lazy(() =>
    import('@/features/network/pages/request-page').then((m) => ({ default: m.ShowingRequestPage })),
  ),
  settings: lazy(() =>
    import('@/features/settings/pages/settings-page').then((m) => ({ default: m.SettingsPage })),
  ),
  team: lazy(() => import('@/features/team/pages/team-view-page').then((m) => ({ default: m.TeamViewPage }))),
  'server-settings': lazy(() =>
    import('@/features/server-settings/pages/server-settings-page').then((m) => ({
      default: m.ServerSettingsPage,
    })),
  ),
  subscription: lazy(() =>
    import('@/features/subscription/pages/subscription-page').then((m) => ({ default: m.SubscriptionPage })),
  ),
  'privacy-requests': lazy(() =>
    import('@/features/privacy/pages/privacy-requests-page').then((m) => ({
      default: m.PrivacyRequestsPage,
    })),
  ),
} satisfies Record<string, LazyExoticComponent<ComponentType>>;

export type DashboardPageName = keyof typeof DASHBOARD_PAGES;

/** The dashboard page `name`: its code loads under the route's own "Loading page..." boundary. */
export function DashboardPage({ name }: { name: DashboardPageName }) {
  const Page = DASHBOARD_PAGES[name];
  return <Page />;
}
