import { CalendarCheck, CalendarClock, Hourglass, TriangleAlert, Users, type LucideIcon } from 'lucide-react';
import type { AdminStats } from '../../../../shared/schemas/stats';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';
import { useAdminStats } from '../api/get-admin-stats';

const cards: Array<{ key: keyof Omit<AdminStats, 'mail'>; label: string; hint: string; icon: LucideIcon }> = [
  { key: 'totalParents', label: 'Total Parents', hint: 'Active parent accounts', icon: Users },
  { key: 'weeklyBookings', label: 'This Week', hint: 'Confirmed bookings, Monday to Sunday', icon: CalendarCheck },
  { key: 'todaySessions', label: 'Sessions Today', hint: 'Scheduled for today', icon: CalendarClock },
  { key: 'capacityAlerts', label: 'Capacity Alerts', hint: 'Full or over 80% booked, rest of this week', icon: TriangleAlert },
  { key: 'waitlistedThisWeek', label: 'Waitlisted This Week', hint: 'Children waiting for a spot, this week', icon: Hourglass },
];

/** Spec 2, admin dashboard: the stat cards (definitions in src/shared/schemas/stats.ts), with issue 21's waitlisted children. */
export function StatCards() {
  const stats = useAdminStats();
  if (stats.isError) {
    return <QueryErrorAlert title="Failed to fetch statistics" error={stats.error} onRetry={() => void stats.refetch()} />;
  }
  return (
    <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5" aria-label="Statistics">
      {cards.map(({ key, label, hint, icon: Icon }) => {
        const value = stats.data?.[key];
        const alert = key === 'capacityAlerts' && (value ?? 0) > 0;
        return (
          <li key={key} className="max-sm:last:odd:col-span-2">
            <Card className="flex h-full items-start gap-3 p-4">
              <span
                className={cn(
                  'hidden size-10 shrink-0 items-center justify-center rounded-lg sm:inline-flex',
                  alert ? 'bg-amber-50 text-amber-700' : 'bg-brand-50 text-brand-700',
                )}
              >
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <div className="min-w-0">
                <p className="text-sm font-medium text-slate-600">{label}</p>
                {value === undefined ? (
                  <Skeleton className="mt-1 h-7 w-12" />
                ) : (
                  <p className={cn('text-2xl font-bold tabular-nums text-slate-900', alert && 'text-amber-800')}>{value}</p>
                )}
                <p className="mt-0.5 text-xs text-slate-500">{hint}</p>
              </div>
            </Card>
          </li>
        );
      })}
    </ul>
  );
}
