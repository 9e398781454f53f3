import type { ReactNode } from 'react';
import { Link, NavLink } from '@/lib/router';
import {
  AUDIT_LOG_ENTRY,
  QUICK_ACTIONS,
  SERVER_SETTINGS_ENTRY,
  SIDEBAR_ENTRIES,
  TEAM_ENTRY,
  type NavEntry,
} from '../navigation';

const focusRing = 'focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500';

/**
 * The dashboard's navigation (spec §2.2). NavLink marks the active entry with aria-current="page":
 * Dashboard only on /dashboard itself (`end`), the others on their path prefix.
 */
export function SidebarNav({
  onNavigate,
  team = false,
  admin = false,
  audit = false,
}: {
  onNavigate?: () => void;
  team?: boolean;
  admin?: boolean;
  /** Issue 46: show the audit log (Enterprise; a team's owners and admins). */
  audit?: boolean;
}) {
  // The team view sits after Bookings, for a team's owners and admins (issue 15); Server settings last, for
  // the server's administrator (issue 30).
  const withTeam: readonly NavEntry[] = team
    ? SIDEBAR_ENTRIES.flatMap((e) => (e.to === '/dashboard/bookings' ? [e, TEAM_ENTRY] : [e]))
    : SIDEBAR_ENTRIES;
  const withAudit = audit ? [...withTeam, AUDIT_LOG_ENTRY] : withTeam;
  const entries = admin ? [...withAudit, SERVER_SETTINGS_ENTRY] : withAudit;
  return (
    <nav aria-label="Dashboard">
      <ul className="space-y-1">
        {entries.map(({ label, to, icon: EntryIcon, end }) => (
          <li key={to}>
            <NavLink
              to={to}
              end={end ?? false}
              onClick={onNavigate}
              className={({ isActive }) =>
                `group flex min-h-11 items-center gap-3 rounded-lg px-3 text-sm font-medium transition-colors ${focusRing} ${
                  isActive
                    ? 'bg-blue-50 text-blue-700'
                    : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900'
                }`
              }
            >
              {({ isActive }) => (
                <>
                  <EntryIcon
                    className={`size-5 shrink-0 ${isActive ? 'text-blue-600' : 'text-slate-400 group-hover:text-slate-600'}`}
                  />
                  {label}
                </>
              )}
            </NavLink>
          </li>
        ))}
      </ul>
    </nav>
  );
}

/** Shortcuts to the most frequent tasks (spec §2.2). */
export function QuickActions({ onNavigate }: { onNavigate?: () => void }) {
  return (
    <section aria-labelledby="quick-actions-heading">
      <h2
        id="quick-actions-heading"
        className="px-3 text-xs font-semibold tracking-wide text-slate-500 uppercase"
      >
        Quick Actions
      </h2>
      <ul className="mt-2 space-y-1">
        {QUICK_ACTIONS.map(({ label, to, icon: ActionIcon }) => (
          <li key={label}>
            <Link
              to={to}
              onClick={onNavigate}
              className={`flex min-h-10 items-center gap-3 rounded-lg px-3 text-sm text-slate-600 hover:bg-slate-100 hover:text-slate-900 ${focusRing}`}
            >
              <span className="inline-flex size-7 items-center justify-center rounded-md border border-slate-200 bg-white text-slate-500">
                <ActionIcon className="size-4" />
              </span>
              {label}
            </Link>
          </li>
        ))}
      </ul>
    </section>
  );
}

/** Everything in the sidebar below its header: navigation, quick actions, and the user footer at the bottom. */
export function SidebarBody({
  footer,
  onNavigate,
  team = false,
  admin = false,
  audit = false,
}: {
  footer: ReactNode;
  onNavigate?: () => void;
  /** Show the Team entry (the caller owns or administers a team). */
  team?: boolean;
  /** Show Server settings (the caller administers the server). */
  admin?: boolean;
  /** Show the audit log (issue 46). */
  audit?: boolean;
}) {
  return (
    <div className="flex min-h-0 flex-1 flex-col">
      <div className="flex-1 space-y-8 overflow-y-auto px-3 py-6">
        <SidebarNav team={team} admin={admin} audit={audit} {...(onNavigate ? { onNavigate } : {})} />
        <QuickActions {...(onNavigate ? { onNavigate } : {})} />
      </div>
      <div className="border-t border-slate-200 p-4">{footer}</div>
    </div>
  );
}
