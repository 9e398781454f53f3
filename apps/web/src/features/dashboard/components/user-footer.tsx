import { useState } from 'react';
import { LogoutIcon } from '@/components/ui/icons';
import type { Plan } from '@keyturn/domain/plans';
import { PlanBadge } from '@/components/ui/plan-badge';

export interface UserFooterData {
  fullName: string;
  email: string;
  pictureUrl: string | null;
  plan: Plan;
}

/** The signed-in agent at the bottom of the sidebar: picture, name, e-mail, plan, Logout (spec §2.2). */
export function UserFooter({
  user,
  onLogout,
  loggingOut,
}: {
  user: UserFooterData;
  onLogout: () => void;
  loggingOut: boolean;
}) {
  return (
    <div className="space-y-3">
      <div className="flex items-start gap-3">
        <Avatar name={user.fullName} url={user.pictureUrl} />
        <div className="min-w-0 flex-1">
          <p className="truncate text-sm font-semibold text-slate-900" title={user.fullName}>
            {user.fullName}
          </p>
          <p className="truncate text-xs text-slate-500" title={user.email}>
            {user.email}
          </p>
          <p className="mt-1.5">
            <PlanBadge planId={user.plan.id} name={user.plan.name} />
          </p>
        </div>
      </div>
      <button
        type="button"
        onClick={onLogout}
        disabled={loggingOut}
        className="flex min-h-10 w-full items-center justify-center gap-2 rounded-lg border border-slate-200 bg-white px-3 text-sm font-medium text-slate-700 hover:bg-slate-50 hover:text-slate-900 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-blue-500 disabled:opacity-60"
      >
        <LogoutIcon className="size-4" />
        Logout
      </button>
    </div>
  );
}

/** The profile picture, or the name's initial when there is none or it fails to load (spec §2.2, §8). */
function Avatar({ name, url }: { name: string; url: string | null }) {
  const [failedUrl, setFailedUrl] = useState<string | null>(null);
  if (url && failedUrl !== url) {
    return (
      <img
        src={url}
        alt=""
        className="size-10 shrink-0 rounded-full bg-slate-100 object-cover"
        onError={() => setFailedUrl(url)}
      />
    );
  }
  return (
    <span
      aria-hidden="true"
      data-testid="avatar-placeholder"
      className="inline-flex size-10 shrink-0 items-center justify-center rounded-full bg-blue-100 text-sm font-semibold text-blue-700"
    >
      {name.trim().charAt(0).toUpperCase() || '?'}
    </span>
  );
}
