import { Compass } from 'lucide-react';
import { Link } from 'react-router';
import { Button } from '../../../components/ui/button';
import { usePageTitle } from '../../../lib/page-title';

/** Spec 2: any unknown path, for a signed-in user. */
export function NotFoundPage() {
  usePageTitle('Page Not Found');
  return (
    <div className="mx-auto flex max-w-md flex-col items-center py-16 text-center">
      <span className="inline-flex size-14 items-center justify-center rounded-full bg-slate-100 text-slate-600">
        <Compass className="size-7" aria-hidden="true" />
      </span>
      <h1 className="mt-4 text-2xl font-bold tracking-tight text-slate-900">Page Not Found</h1>
      <p className="mt-2 text-slate-600">The page you are looking for does not exist or has moved.</p>
      <Button asChild className="mt-6">
        <Link to="/dashboard">Go to Dashboard</Link>
      </Button>
    </div>
  );
}
