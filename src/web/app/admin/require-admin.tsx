import type { ReactNode } from 'react';
import { isAdminRole } from '../../../shared/rules/roles';
import { useAuth } from '../../lib/auth';
import { AccessDenied } from './access-denied';

/**
 * Router guard of the admin area: a signed-in user who is not ADMIN or SUPER_ADMIN sees Access Denied
 * (spec 2). The server refuses every /api/admin call to them anyway; this only spares them a broken screen.
 */
export function RequireAdmin({ children }: { children: ReactNode }) {
  const { user } = useAuth();
  if (!user || !isAdminRole(user.role)) return <AccessDenied />;
  return children;
}
