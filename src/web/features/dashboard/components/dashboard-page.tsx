import { CalendarDays } from 'lucide-react';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../../components/ui/card';
import { useAuth } from '../../../lib/auth';

/** Parent dashboard (spec 2). For now a placeholder; the calendar and bookings arrive later. */
export function DashboardPage() {
  const { user } = useAuth();
  if (!user) return <p className="text-slate-700">Please log in to view your dashboard.</p>;

  return (
    <div className="space-y-6">
      <div>
        <h1 className="text-2xl font-bold tracking-tight text-slate-900 sm:text-3xl">Dashboard</h1>
        <p className="mt-1 text-slate-600">Welcome back, {user.firstName}. Your sessions and bookings will appear here.</p>
      </div>
      <Card>
        <CardHeader className="flex-row items-start gap-4">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <CalendarDays className="size-5" aria-hidden="true" />
          </span>
          <div className="space-y-1">
            <CardTitle>Weekly calendar</CardTitle>
            <CardDescription>Booking is open for the current week and the next one.</CardDescription>
          </div>
        </CardHeader>
        <CardContent>
          <p className="text-sm text-slate-600">The calendar is coming soon.</p>
        </CardContent>
      </Card>
    </div>
  );
}
