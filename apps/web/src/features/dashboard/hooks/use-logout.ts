import { useState } from 'react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { endSession } from '@/lib/auth';

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
    await navigate('/', { state: { signedOut: true } });
    await endSession(queryClient);
  };
  return { logout, loggingOut };
}
