import { ArrowRight, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { isAdminRole } from '../../../../shared/rules/roles';
import type { CurrentUser } from '../../../../shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { Card, CardLabel } from '../../../components/ui/card';

/**
 * Issue 33: an office account with no children of its own has nothing to book, so its /dashboard (spec 2: where
 * every sign-in lands) offers the office's way in instead of a parent's empty week ('0 of 1 session booked').
 */
export const showsOfficeEntry = (user: Pick<CurrentUser, 'role' | 'children'>) => isAdminRole(user.role) && user.children.length === 0;

/** The office's /dashboard: who is signed in, and the Admin Panel (spec 2's /admin) a click away. */
export function OfficeEntry() {
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Dashboard</h1>
      </div>
      <Card className="flex max-w-xl flex-col gap-3 p-5" role="group" aria-label="Signed in as the office">
        <CardLabel icon={ShieldCheck}>You are signed in as the office</CardLabel>
        <p className="text-sm text-slate-600">
          This account has no children to book for. Sessions, families, bookings and check-in are in the Admin Panel.
        </p>
        <Button asChild className="w-fit">
          <Link to="/admin">
            Open the Admin Panel
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </Card>
    </div>
  );
}
