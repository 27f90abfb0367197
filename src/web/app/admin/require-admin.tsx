import type { ReactNode } from 'react';
import { isAdminRole, isCoachRole } from '../../../shared/rules/roles';
import { useAuth } from '../../lib/auth';
import { AccessDenied } from './access-denied';

/**
 * Router guard of the admin area: a signed-in user who is not ADMIN or SUPER_ADMIN sees Access Denied (spec 2), but a
 * COACH passes where `coach` says so (issue 34: the door's screens). The server refuses every other /api/admin call to
 * them anyway; this only spares them a broken screen.
 */
export function RequireAdmin({ children, coach = false }: { children: ReactNode; coach?: boolean }) {
  const { user } = useAuth();
  if (!user || !(isAdminRole(user.role) || (coach && isCoachRole(user.role)))) return <AccessDenied />;
  return children;
}
