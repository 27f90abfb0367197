import { ArrowRight, DoorOpen, ShieldCheck } from 'lucide-react';
import { Link } from 'react-router';
import { isCoachRole, isStaffRole } from '../../../../shared/rules/roles';
import type { CurrentUser } from '../../../../shared/schemas/users';
import { Button } from '../../../components/ui/button';
import { Card, CardLabel } from '../../../components/ui/card';

/**
 * Issue 33: an office account with no children of its own has nothing to book, so its /dashboard (spec 2: where
 * every sign-in lands) offers the office's way in instead of a parent's empty week ('0 of 1 session booked').
 */
export const showsOfficeEntry = (user: Pick<CurrentUser, 'role' | 'children'>) => isStaffRole(user.role) && user.children.length === 0;

/** What the entry says to the office and to a coach (issue 34: the coach's way in is Check-in). */
const ENTRIES = {
  office: {
    name: 'Signed in as the office',
    icon: ShieldCheck,
    title: 'You are signed in as the office',
    text: 'This account has no children to book for. Sessions, families, bookings and check-in are in the Admin Panel.',
    link: 'Open the Admin Panel',
  },
  coach: {
    name: 'Signed in as a coach',
    icon: DoorOpen,
    title: 'You are signed in as a coach',
    text: "Check children in at the door for today's sessions.",
    link: 'Open Check-in',
  },
} as const;

/** The office's /dashboard: who is signed in, and the Admin Panel (spec 2's /admin) a click away; a coach's Check-in. */
export function OfficeEntry({ role }: { role: string }) {
  const entry = ENTRIES[isCoachRole(role) ? 'coach' : 'office'];
  return (
    <div className="space-y-8">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Dashboard</h1>
      </div>
      <Card className="flex max-w-xl flex-col gap-3 p-5" role="group" aria-label={entry.name}>
        <CardLabel icon={entry.icon}>{entry.title}</CardLabel>
        <p className="text-sm text-slate-600">{entry.text}</p>
        <Button asChild className="w-fit">
          <Link to="/admin">
            {entry.link}
            <ArrowRight aria-hidden="true" />
          </Link>
        </Button>
      </Card>
    </div>
  );
}
