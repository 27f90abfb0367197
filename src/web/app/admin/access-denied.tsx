import { ShieldAlert } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../components/ui/button';
import { usePageTitle } from '../../lib/page-title';

/** Spec 2, admin dashboard: what a non-admin sees. */
export function AccessDenied() {
  usePageTitle('Access Denied');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-red-50 text-red-700">
        <ShieldAlert className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Access Denied</h1>
      <p className="mt-2 text-slate-600">You need administrator privileges to access this page.</p>
      <Button asChild variant="outline" className="mt-6">
        <Link to="/dashboard">Return to Dashboard</Link>
      </Button>
    </div>
  );
}
