import { isAdminRole } from '../../../../shared/rules/roles';
import { useAuth } from '../../../lib/auth';
import { AccessDenied } from './access-denied';

/** Admin area (spec 2). For now a placeholder behind the administrator check. */
export function AdminPage() {
  const { user } = useAuth();
  if (!user || !isAdminRole(user.role)) return <AccessDenied />;

  return (
    <div className="space-y-2">
      <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Admin Panel</h1>
      <p className="text-slate-600">Sessions, reservations, classes, users and integrations will be managed here.</p>
    </div>
  );
}
