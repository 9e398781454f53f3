import { useEffect, useState } from 'react';
import { CLIENT_TIMINGS } from '@keyturn/domain/constants';
import type { AgentProfile } from '@keyturn/domain/schemas/agent';
import { useSession } from '@/lib/auth';
import { useAgentProfile } from '@/lib/agent-profile';
import { primaryEmail, useAuthProfile } from '@/lib/auth-profile';
import { usePlan } from '@/lib/plan';
import type { UserFooterData } from '../components/user-footer';

export interface SidebarUser {
  footer: UserFooterData | null;
  /** Loaded agent profile: null when the agent has none yet (404), undefined until it is known. */
  agentProfile: AgentProfile | null | undefined;
  refreshPlan: () => Promise<void>;
}

/**
 * What the dashboard shell shows about the signed-in agent: name and e-mail from /api/auth/profile (the
 * session's until it answers), the picture from /api/agents/profile asked for
 * CLIENT_TIMINGS.profilePictureDelayMs after the user appears, and the plan (spec §2.2, §4, §9).
 */
export function useSidebarUser(): SidebarUser {
  const session = useSession();
  const signedIn = session.status === 'signed-in';
  const authProfile = useAuthProfile(signedIn);
  const agentProfile = useAgentProfile(useDelayedFlag(signedIn, CLIENT_TIMINGS.profilePictureDelayMs));
  const { plan, refresh } = usePlan(signedIn);

  if (!session.user) return { footer: null, agentProfile: agentProfile.data, refreshPlan: refresh };
  const profile = authProfile.data;
  const fullName = profile ? `${profile.firstName} ${profile.lastName}`.trim() : session.user.name;
  return {
    footer: {
      fullName: fullName || session.user.name,
      email: primaryEmail(profile) ?? session.user.email,
      pictureUrl: agentProfile.data?.profilePictureUrl ?? null,
      plan,
    },
    agentProfile: agentProfile.data,
    refreshPlan: refresh,
  };
}

/** True once `active` has held for `delayMs`. */
function useDelayedFlag(active: boolean, delayMs: number): boolean {
  const [elapsed, setElapsed] = useState(false);
  useEffect(() => {
    if (!active) return;
    const timer = setTimeout(() => setElapsed(true), delayMs);
    return () => clearTimeout(timer);
  }, [active, delayMs]);
  return active && elapsed;
}
