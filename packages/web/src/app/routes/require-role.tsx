import type { ReactNode } from 'react';
import { Navigate, useLocation } from 'react-router';
import type { UserRole } from '@verdant/contract';
import { isLoggedIn } from '../../lib/session';
import { useAuth } from '../../state/hooks';
import { paths } from '../../lib/paths';

/** Not signed in → /signIn; signed in with a role not listed → /unauthorized. */
export function RequireRole({ roles, children }: { roles: readonly UserRole[]; children: ReactNode }) {
  const { accessToken, userRole } = useAuth();
  const location = useLocation();
  if (!accessToken || !isLoggedIn()) return <Navigate to={paths.signIn} replace state={{ from: `${location.pathname}${location.search}` }} />;
  if (!userRole || !roles.includes(userRole)) return <Navigate to={paths.unauthorized} replace />;
  return <>{children}</>;
}
