import type { ReactNode } from 'react';
import { Navigate, Outlet } from '@/lib/router';
import { FullPageSpinner } from '@/components/ui/spinner';
import { useSession } from '@/lib/auth';

/**
 * Protected-route guard (spec §2.1): a Loading spinner while the session is being read, a redirect to
 * /sign-in for a signed-out visitor, otherwise the protected screen (children, or the nested routes).
 */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const { status } = useSession();
  if (status === 'loading') return <FullPageSpinner />;
  if (status === 'signed-out') return <Navigate to="/sign-in" replace />;
  return children ?? <Outlet />;
}
