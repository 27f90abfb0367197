import { Users } from 'lucide-react';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Skeleton } from '../../../components/ui/skeleton';
import { useAuth } from '../../../lib/auth';
import { usePageTitle } from '../../../lib/page-title';
import { useMyFamily } from '../api/get-my-family';
import { FamilySections } from './family-sections';

export const FAMILY_ROUTE = '/family';

/**
 * /family (issue 31): the signed-in guardian's family: guardians (their own phone and e-mail copies), each child's
 * profile, the emergency contacts. A staff account has no family.
 */
export function FamilyPage() {
  usePageTitle('Family');
  const { user } = useAuth();
  const isGuardian = user?.role === 'PARENT';
  return (
    <div className="grid min-w-0 gap-6">
      <div>
        <h1 className="flex items-center gap-2 text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">
          <Users className="size-7 text-brand-700" aria-hidden="true" />
          Family
        </h1>
        <p className="mt-1 text-slate-600">Who signs in for your family, your children’s details, and who to call in an emergency.</p>
      </div>
      {isGuardian ? <MyFamily /> : <p className="text-slate-600">Staff accounts have no family. Families’ details are on their page in the Admin Panel.</p>}
    </div>
  );
}

function MyFamily() {
  const family = useMyFamily();
  if (family.isError) return <QueryErrorAlert title="Your family could not be loaded" error={family.error} onRetry={() => void family.refetch()} />;
  if (!family.data) {
    return (
      <div className="grid gap-4" aria-busy="true">
        <span className="sr-only" role="status">
          Loading your family
        </span>
        <Skeleton className="h-40" />
        <Skeleton className="h-64" />
        <Skeleton className="h-40" />
      </div>
    );
  }
  return <FamilySections family={family.data} scope={{ by: 'guardian' }} />;
}
