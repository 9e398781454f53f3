// Every route of spec §2.1. Pages load lazily, each behind its own "Loading page..." boundary; the public
// booking page never pulls dashboard code. The first route that matches an address wins (lib/router.tsx), so
// the table lists static addresses before dynamic ones in their place: /booking/manage before
// /booking/:linkId (router.test.tsx checks every route is reachable at its own address).
import { lazy } from 'react';
import { matchRoutes, useLocation, useRoutes } from '@/lib/router';
import type { RouteObject } from '@/lib/router';
import type { ConsentHandle } from '@/components/cookie-banner';
import { RouteTableContext } from '@/lib/route-table';
import { RootLayout } from './layouts/root-layout';
import { lazyPage, page } from './page-loading';
import { RequireAuth } from './require-auth';
import { RouteErrorBoundary } from './route-error-boundary';

// The marketing pages' header and footer, with the site chrome (not on the booking page's first load).
const PublicLayout = lazyPage(() => import('@/components/site-chrome').then((m) => m.PublicLayout));
const LandingPage = lazyPage(() =>
  import('@/features/marketing/pages/landing-page').then((m) => m.LandingPage),
);
const NotFoundPage = lazy(() =>
  import('@/features/marketing/pages/not-found-page').then((m) => ({ default: m.NotFoundPage })),
);
const TestPage = lazy(() =>
  import('@/features/marketing/pages/test-page').then((m) => ({ default: m.TestPage })),
);
const AboutPage = lazyPage(() => import('@/features/marketing/pages/about-page').then((m) => m.AboutPage));
const FeaturesPage = lazy(() =>
  import('@/features/marketing/pages/features-page').then((m) => ({ default: m.FeaturesPage })),
);
const SuccessStoriesPage = lazy(() =>
  import('@/features/marketing/pages/success-stories-page').then((m) => ({ default: m.SuccessStoriesPage })),
);
const PricingPage = lazyPage(() =>
  import('@/features/marketing/pages/pricing-page').then((m) => m.PricingPage),
);
const PrivacyPolicyPage = lazy(() =>
  import('@/features/marketing/pages/privacy-policy-page').then((m) => ({ default: m.PrivacyPolicyPage })),
);
const AccessibilityPage = lazy(() =>
  import('@/features/marketing/pages/accessibility-page').then((m) => ({ default: m.AccessibilityPage })),
);

const SignInPage = lazy(() =>
  import('@/features/auth/pages/sign-in-page').then((m) => ({ default: m.SignInPage })),
);
const SignUpPage = lazy(() =>
  import('@/features/auth/pages/sign-up-page').then((m) => ({ default: m.SignUpPage })),
);
// Issue 41: forgotten passwords and e-mail verification links.
const ForgotPasswordPage = lazy(() =>
  import('@/features/auth/pages/forgot-password-page').then((m) => ({ default: m.ForgotPasswordPage })),
);
const ResetPasswordPage = lazy(() =>
  import('@/features/auth/pages/reset-password-page').then((m) => ({ default: m.ResetPasswordPage })),
);
const VerifyEmailPage = lazy(() =>
  import('@/features/auth/pages/verify-email-page').then((m) => ({ default: m.VerifyEmailPage })),
);
const UserProfilePage = lazy(() =>
  import('@/features/auth/pages/user-profile-page').then((m) => ({ default: m.UserProfilePage })),
);

// With the step its address opens on (decision 078).
const BookingPage = lazyPage(() =>
  import('@/features/booking/pages/booking-page').then((m) => m.loadBookingPage()),
);
const ManageBookingPage = lazyPage(() =>
  import('@/features/booking/pages/manage-booking-page').then((m) => m.ManageBookingPage),
);
const BookingCancelledPage = lazy(() =>
  import('@/features/booking/pages/booking-cancelled-page').then((m) => ({
    default: m.BookingCancelledPage,
  })),
);
const RescheduleBookingPage = lazyPage(() =>
  import('@/features/booking/pages/reschedule-booking-page').then((m) => m.RescheduleBookingPage),
);
const SellerApprovalPage = lazy(() =>
  import('@/features/booking/pages/seller-approval-page').then((m) => ({ default: m.SellerApprovalPage })),
);
const TimeProposalPage = lazy(() =>
  import('@/features/booking/pages/time-proposal-page').then((m) => ({ default: m.TimeProposalPage })),
);
// Issue 44: a buyer's place on a property's waiting list, and the time offered to them.
const WaitlistLinkPage = lazy(() =>
  import('@/features/booking/pages/waitlist-page').then((m) => ({ default: m.WaitlistPage })),
);
// Issue 46: a buyer's own data (their signed link), and the agent's privacy requests.
const YourDataPage = lazy(() =>
  import('@/features/privacy/pages/your-data-page').then((m) => ({ default: m.YourDataPage })),
);
const FeedbackFormPage = lazy(() =>
  import('@/features/feedback/pages/feedback-form-page').then((m) => ({ default: m.FeedbackFormPage })),
);
const SellerReportPage = lazy(() =>
  import('@/features/seller/pages/seller-report-page').then((m) => ({ default: m.SellerReportPage })),
);
const TourPage = lazy(() =>
  import('@/features/tours/pages/tour-page').then((m) => ({ default: m.TourPage })),
);

const WaitingListPage = lazyPage(() =>
  import('@/features/waitlist/pages/waiting-list-page').then((m) => m.WaitingListPage),
);
const ThankYouPage = lazy(() =>
  import('@/features/waitlist/pages/thank-you-page').then((m) => ({ default: m.ThankYouPage })),
);

const OAuthCallbackPage = lazy(() =>
  import('@/features/settings/pages/oauth-callback-page').then((m) => ({ default: m.OAuthCallbackPage })),
);

const ProfileSetupPage = lazy(() =>
  import('@/features/profile/pages/profile-setup-page').then((m) => ({ default: m.ProfileSetupPage })),
);
const DashboardLayout = lazy(() =>
  import('@/features/dashboard/pages/dashboard-layout').then((m) => ({ default: m.DashboardLayout })),
);
// Every dashboard page through one loader (app/dashboard-pages.tsx): the table stays small for the public pages.
const DashboardPage = lazy(() => import('./dashboard-pages').then((m) => ({ default: m.DashboardPage })));
const AcceptInvitationPage = lazy(() =>
  import('@/features/team/pages/accept-invitation-page').then((m) => ({ default: m.AcceptInvitationPage })),
);
// The public team page (issue 15): its own chunk, so the agent booking page does not grow.
const TeamPage = lazyPage(() => import('@/features/booking/pages/team-page').then((m) => m.TeamPage));

/** The buyer's pages: the cookie banner is a compact row there (decision 013). */
const BUYER_PAGE: ConsentHandle = { compactConsent: true };

export const routes: RouteObject[] = [
  {
    id: 'root',
    element: <RootLayout />,
    children: [
      { id: 'landing', index: true, element: page(<LandingPage />) },
      { id: 'test', path: 'test', element: page(<TestPage />) },

      { id: 'forgot-password', path: 'sign-in/forgot-password', element: page(<ForgotPasswordPage />) },
      { id: 'reset-password', path: 'sign-in/reset-password', element: page(<ResetPasswordPage />) },
      { id: 'sign-in', path: 'sign-in/*', element: page(<SignInPage />) },
      { id: 'verify-email', path: 'verify-email', element: page(<VerifyEmailPage />) },
      { id: 'sign-up', path: 'sign-up/*', element: page(<SignUpPage />) },
      { id: 'user-profile', path: 'user-profile/*', element: page(<UserProfilePage />) },

      // The public booking page under each of its addresses (spec §2.4).
      {
        id: 'bookme-agent-name',
        path: 'bookme/:agentId/:agentName',
        element: page(<BookingPage />),
        handle: BUYER_PAGE,
      },
      { id: 'bookme-agent', path: 'bookme/:agentId', element: page(<BookingPage />), handle: BUYER_PAGE },
      { id: 'bookme', path: 'bookme', element: page(<BookingPage />), handle: BUYER_PAGE },
      // The booking page inside an agent's own website (issue 34, decision 057): the only pages any site may
      // frame (the server's security headers), loaded by /embed.js.
      {
        id: 'embed-agent',
        path: 'embed/bookme/:agentId',
        element: page(<BookingPage embedded />),
        handle: BUYER_PAGE,
      },
      {
        id: 'embed-property',
        path: 'embed/property/:propertyId',
        element: page(<BookingPage embedded />),
        handle: BUYER_PAGE,
      },
      // A team's public page and its consultation (issue 15), outside /bookme (whose /:agentId/:agentName
      // would take it).
      { id: 'team-page', path: 'team/:slug', element: page(<TeamPage />), handle: BUYER_PAGE },
      {
        id: 'team-consultation',
        path: 'team/:slug/consultation',
        element: page(<TeamPage consultation />),
        handle: BUYER_PAGE,
      },
      {
        id: 'booking-manage',
        path: 'booking/manage',
        element: page(<ManageBookingPage />),
        handle: BUYER_PAGE,
      },
      {
        id: 'booking-cancelled',
        path: 'booking/cancelled',
        element: page(<BookingCancelledPage />),
        handle: BUYER_PAGE,
      },
      {
        id: 'booking-reschedule',
        path: 'booking/reschedule',
        element: page(<RescheduleBookingPage />),
        handle: BUYER_PAGE,
      },
      // A new time the agent proposed for a buyer's request (Optimise, issue 29): accept, keep, or pick another.
      {
        id: 'booking-proposal',
        path: 'booking/proposal',
        element: page(<TimeProposalPage />),
        handle: BUYER_PAGE,
      },
      // A buyer's link to their place on a waiting list (issue 44): a time held for them is booked in one tap.
      {
        id: 'booking-waitlist',
        path: 'booking/waitlist',
        element: page(<WaitlistLinkPage />),
        handle: BUYER_PAGE,
      },
      // After booking/manage and the other static addresses above (the first route that matches wins).
      { id: 'booking-link', path: 'booking/:linkId', element: page(<BookingPage />), handle: BUYER_PAGE },
      // Issue 46: what the agent holds about a buyer, its download and the deletion request (signed link).
      { id: 'your-data', path: 'your-data', element: page(<YourDataPage />), handle: BUYER_PAGE },
      // A seller's or occupant's signed link (issue 32): approve, decline, propose another time, block times.
      {
        id: 'seller-approval',
        path: 'seller-approval',
        element: page(<SellerApprovalPage />),
        handle: BUYER_PAGE,
      },
      {
        id: 'feedback-form',
        path: 'feedback/:bookingId',
        element: page(<FeedbackFormPage />),
        handle: BUYER_PAGE,
      },
      // A buyer tour's one invitation (issue 16): the stops and times, booked whole.
      { id: 'tour', path: 'tour/:token', element: page(<TourPage />), handle: BUYER_PAGE },
      // A seller's live report (issue 32 §4), by their own link.
      { id: 'seller-report', path: 'seller/:token', element: page(<SellerReportPage />), handle: BUYER_PAGE },

      // A team invitation's link (issue 15): works signed out (sign up or in, then back here).
      {
        id: 'team-invitation',
        path: 'team-invitation/:id',
        element: page(<AcceptInvitationPage />),
      },

      {
        id: 'oauth-google',
        path: 'oauth/google/callback',
        element: page(<OAuthCallbackPage provider="google" />),
      },
      {
        id: 'oauth-microsoft',
        path: 'oauth/microsoft/callback',
        element: page(<OAuthCallbackPage provider="microsoft" />),
      },

      {
        id: 'public',
        element: page(<PublicLayout />),
        children: [
          { id: 'waiting-list', path: 'waiting-list', element: page(<WaitingListPage />) },
          {
            id: 'waiting-list-thank-you',
            path: 'waiting-list/waitlist-thankyou',
            element: page(<ThankYouPage />),
          },
          { id: 'waitlist-thank-you', path: 'waitlist-thankyou', element: page(<ThankYouPage />) },
          { id: 'about', path: 'about', element: page(<AboutPage />) },
          { id: 'features', path: 'features', element: page(<FeaturesPage />) },
          { id: 'success-stories', path: 'success-stories', element: page(<SuccessStoriesPage />) },
          { id: 'pricing', path: 'pricing', element: page(<PricingPage />) },
          { id: 'privacy-policy', path: 'privacy-policy', element: page(<PrivacyPolicyPage />) },
          { id: 'accessibility', path: 'accessibility', element: page(<AccessibilityPage />) },
        ],
      },

      {
        id: 'protected',
        element: <RequireAuth />,
        children: [
          { id: 'profile', path: 'profile', element: page(<ProfileSetupPage />) },
          {
            id: 'dashboard',
            path: 'dashboard',
            element: page(<DashboardLayout />),
            children: [
              { id: 'dashboard-overview', index: true, element: page(<DashboardPage name="overview" />) },
              {
                id: 'dashboard-properties',
                path: 'properties',
                element: page(<DashboardPage name="properties" />),
              },
              {
                id: 'dashboard-properties-import',
                path: 'properties/import',
                element: page(<DashboardPage name="import-listings" />),
              },
              {
                id: 'dashboard-bookings',
                path: 'bookings',
                element: page(<DashboardPage name="bookings" />),
              },
              { id: 'dashboard-reports', path: 'reports', element: page(<DashboardPage name="reports" />) },
              { id: 'dashboard-day', path: 'day', element: page(<DashboardPage name="day" />) },
              { id: 'dashboard-team', path: 'team', element: page(<DashboardPage name="team" />) },
              {
                id: 'dashboard-feedback',
                path: 'feedback',
                element: page(<DashboardPage name="feedback" />),
              },
              {
                id: 'dashboard-audit-log',
                path: 'audit-log',
                element: page(<DashboardPage name="audit-log" />),
              },
              // Issue 45: search the showings' conversations.
              {
                id: 'dashboard-conversations',
                path: 'conversations',
                element: page(<DashboardPage name="conversations" />),
              },
              // Issue 46: buyers' deletion requests with their legal clock, and the retention setting.
              {
                id: 'dashboard-privacy-requests',
                path: 'privacy-requests',
                element: page(<DashboardPage name="privacy-requests" />),
              },
              {
                id: 'dashboard-network',
                path: 'network',
                element: page(<DashboardPage name="find-homes" />),
              },
              {
                id: 'dashboard-network-requests',
                path: 'network/requests',
                element: page(<DashboardPage name="showing-requests" />),
              },
              {
                id: 'dashboard-network-request',
                path: 'network/requests/:id',
                element: page(<DashboardPage name="showing-request" />),
              },
              {
                id: 'dashboard-network-tours',
                path: 'network/tours',
                element: page(<DashboardPage name="tours" />),
              },
              {
                id: 'dashboard-network-tour',
                path: 'network/tours/:id',
                element: page(<DashboardPage name="tours" />),
              },
              {
                id: 'dashboard-settings',
                path: 'settings',
                element: page(<DashboardPage name="settings" />),
              },
              {
                id: 'dashboard-subscription',
                path: 'subscription',
                element: page(<DashboardPage name="subscription" />),
              },
              {
                id: 'dashboard-server-settings',
                path: 'server-settings',
                element: page(<DashboardPage name="server-settings" />),
              },
            ],
          },
        ],
      },

      // A listing's own booking address: four segments ending in /book, after every static address.
      {
        id: 'property-booking',
        path: ':username/:address/:propertyId/book',
        element: page(<BookingPage />),
        handle: BUYER_PAGE,
      },

      // Any other address: the landing page with a "not found" line (the server answers these with 404, domain
      // appPaths.ts; issue 39).
      { id: 'not-found', path: '*', element: page(<NotFoundPage />) },
    ],
  },
];

/** The pages of FIRST_PAINT_PAGES (first-paint-pages.ts) by route id: main.tsx loads the one it starts on. */
export const FIRST_PAINT_LOADS: Record<string, () => Promise<unknown>> = {
  landing: LandingPage.preload,
  pricing: () => Promise.all([PublicLayout.preload(), PricingPage.preload()]),
  'waiting-list': () => Promise.all([PublicLayout.preload(), WaitingListPage.preload()]),
  about: () => Promise.all([PublicLayout.preload(), AboutPage.preload()]),
  'booking-manage': ManageBookingPage.preload,
  'booking-reschedule': RescheduleBookingPage.preload,
  bookme: BookingPage.preload,
  'bookme-agent': BookingPage.preload,
  'bookme-agent-name': BookingPage.preload,
  'booking-link': BookingPage.preload,
  'property-booking': BookingPage.preload,
  'embed-agent': BookingPage.preload,
  'embed-property': BookingPage.preload,
  'team-page': TeamPage.preload,
};
/**
 * The lazy parts of a first-paint page below its first screen, by route id: the server's renderer loads them
 * too, so its HTML holds the whole page; the browser does not wait for them (main.tsx loads only the page)
 * and hydrates each part when its code arrives (decision 036).
 */
export const FIRST_SCREEN_PARTS: Record<string, () => Promise<unknown>> = {
  landing: () => import('@/features/marketing/pages/landing-page').then((m) => m.preloadLandingParts()),
};
/** How long the first render waits for its page's code (normally there already: index.html preloads it). */
const FIRST_PAINT_WAIT_MS = 1_000;

/**
 * Loads the code of the page at `pathname` when it is one of the first-paint pages, so the first render shows
 * the page itself rather than "Loading page..." (decision 030); resolves after FIRST_PAINT_WAIT_MS at the latest,
 * and on a failed load (the page's own boundary then shows the error when it renders).
 */
export function preloadFirstPage(pathname: string): Promise<void> {
  const id = matchRoutes(routes, pathname)?.at(-1)?.route.id;
  const load = id === undefined ? undefined : FIRST_PAINT_LOADS[id];
  if (!load) return Promise.resolve();
  return Promise.race([
    load().then(
      () => undefined,
      () => undefined,
    ),
    new Promise<void>((resolve) => window.setTimeout(resolve, FIRST_PAINT_WAIT_MS)),
  ]);
}

/**
 * The app's pages for the current address, under the router's error screen. main.tsx renders it in the app's
 * <BrowserRouter> (lib/router.tsx: wouter, decision 097; the app uses no loaders or actions).
 */
export function AppRoutes() {
  const element = useRoutes(routes);
  const { pathname } = useLocation();
  return (
    <RouteTableContext value={routes}>
      <RouteErrorBoundary resetKey={pathname}>{element}</RouteErrorBoundary>
    </RouteTableContext>
  );
}
