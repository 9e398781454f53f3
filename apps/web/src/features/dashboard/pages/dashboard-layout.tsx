import { useState } from 'react';
import { Navigate, Outlet, useLocation } from '@/lib/router';
import { withNext } from '@/lib/next-path';
import { Logo } from '@/components/ui/logo';
import { MenuIcon } from '@/components/ui/icons';
import { MobileDrawer } from '../components/mobile-drawer';
import { SidebarBody } from '../components/sidebar';
import { UserFooter } from '../components/user-footer';
import { VerifyEmailBanner } from '../components/verify-email-banner';
import { useLogout } from '../hooks/use-logout';
import { useSidebarUser } from '../hooks/use-sidebar-user';
import { useAnalyticsIdentity } from '../hooks/use-analytics-identity';
import { useInstallableDashboard } from '../hooks/use-installable-dashboard';
import { InstallPrompt } from '../components/install-prompt';
import { OfflineBanner } from '../components/offline-banner';
import { useOfflineReplay } from '@/lib/use-offline-queue';
import { useSession } from '@/lib/auth';
import { useTeam } from '@/lib/team';
import { useServerAdministrator } from '@/lib/server-admin';
import { teamCan } from '@keyturn/domain/teams';

const DRAWER_ID = 'dashboard-navigation';

/**
 * The dashboard shell (spec §2.2): sidebar (a drawer below the lg breakpoint) and the nested page. An agent
 * without a profile (GET /api/agents/profile → 404) is sent to /profile (spec §8).
 */
export function DashboardLayout() {
  const location = useLocation();
  const { footer, agentProfile } = useSidebarUser();
  const { logout, loggingOut } = useLogout();
  const session = useSession();
  useAnalyticsIdentity(session.user?.id ?? null);
  const { visits } = useInstallableDashboard(session.user?.id ?? null);
  useOfflineReplay(session.user?.id ?? null);
  const team = useTeam(session.status === 'signed-in');
  const leadsTeam = Boolean(team.data && teamCan(team.data.role, 'viewTeamBookings'));
  const admin = useServerAdministrator(session.status === 'signed-in');
  // Issue 46: the audit log for an Enterprise agent on their own, or a team's owners and admins on Enterprise.
  const audit = team.data
    ? leadsTeam && team.data.planIncludesTeams
    : footer?.plan.id === 'enterprise' && team.isSuccess;
  // The drawer belongs to the path it was opened on, so any navigation closes it.
  const [drawerPath, setDrawerPath] = useState<string | null>(null);
  const drawerOpen = drawerPath === location.pathname;
  const closeDrawer = () => setDrawerPath(null);

  // A plan chosen on the pricing page (issue 30) survives setting up the profile first.
  if (agentProfile === null) {
    const buying = location.pathname === '/dashboard/subscription' && location.search.includes('plan=');
    return (
      <Navigate
        to={buying ? withNext('/profile', `${location.pathname}${location.search}`) : '/profile'}
        replace
      />
    );
  }

  const footerContent = footer ? (
    <UserFooter user={footer} onLogout={() => void logout()} loggingOut={loggingOut} />
  ) : null;

  return (
    <div className="min-h-screen bg-slate-50">
      <aside className="hidden border-r border-slate-200 bg-white lg:fixed lg:inset-y-0 lg:flex lg:w-72 lg:flex-col">
        <div className="flex h-16 shrink-0 items-center border-b border-slate-200 px-6">
          <Logo />
        </div>
        <SidebarBody footer={footerContent} team={leadsTeam} admin={admin} audit={audit} />
      </aside>

      <div className="lg:pl-72">
        <header className="sticky top-0 z-30 flex h-16 items-center gap-3 border-b border-slate-200 bg-white/95 px-4 backdrop-blur sm:px-6 lg:hidden">
          <button
            type="button"
            aria-label="Open menu"
            aria-expanded={drawerOpen}
            aria-controls={drawerOpen ? DRAWER_ID : undefined}
            onClick={() => setDrawerPath(location.pathname)}
            className="-ml-2 inline-flex size-10 items-center justify-center rounded-lg text-slate-600 hover:bg-slate-100 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500"
          >
            <MenuIcon className="size-6" />
          </button>
          <Logo size="sm" />
        </header>

        <main id="main" className="mx-auto w-full max-w-6xl px-4 py-8 sm:px-6 lg:px-10 lg:py-10">
          <OfflineBanner />
          <VerifyEmailBanner />
          <InstallPrompt visits={visits} />
          <Outlet />
        </main>
      </div>

      {drawerOpen ? (
        <MobileDrawer id={DRAWER_ID} label="Navigation" header={<Logo size="sm" />} onClose={closeDrawer}>
          <SidebarBody
            footer={footerContent}
            onNavigate={closeDrawer}
            team={leadsTeam}
            admin={admin}
            audit={audit}
          />
        </MobileDrawer>
      ) : null}
    </div>
  );
}
