import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@/lib/router';
import { endSession } from '@/lib/auth';
import { turnOffPush } from '@/lib/push-device';
import { clearOfflineData } from '@/lib/app-install';
import { clearQueues } from '@/lib/offline-queue';

/** How long sign-out waits for this device's push subscription to end (offline, it does not wait). */
const PUSH_OFF_WAIT_MS = 3000;

/**
 * Logout (spec §2.2): leave for / first, so the route guard does not send the user to /sign-in when the
 * session disappears, then sign out on the server, drop the token and clear the query cache.
 */
export function useLogout(): { logout: () => Promise<void>; loggingOut: boolean } {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [loggingOut, setLoggingOut] = useState(false);

  const logout = async () => {
    setLoggingOut(true);
    // Issue 47: this browser stops getting this account's pushes before the session ends (the next account
    // signed in here must never see them); the server drops a device it cannot reach anyway (410).
    // Leave for / first (the route guard must not see a half-ended session), then end the device's push while
    // the session still holds, then the session.
    await navigate('/', { state: { signedOut: true } });
    await Promise.race([
      turnOffPush().catch(() => undefined),
      new Promise((resolve) => setTimeout(resolve, PUSH_OFF_WAIT_MS)),
    ]);
    await endSession(queryClient);
    // Decision 094: nothing this account saved for offline use stays on the device.
    await Promise.all([clearOfflineData().catch(() => undefined), clearQueues().catch(() => undefined)]);
  };
  return { logout, loggingOut };
}
