import { CalendarCheck, CalendarClock, ChevronDown, Hourglass, TriangleAlert, Users, type LucideIcon } from 'lucide-react';
import { useId, useState } from 'react';
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

/** The phone's one line for the five cards: the numbers the front desk acts on today. */
function statsSummary(stats: AdminStats | undefined): string {
  if (!stats) return 'Loading...';
  const alerts = stats.capacityAlerts === 1 ? '1 capacity alert' : `${stats.capacityAlerts} capacity alerts`;
  return `${stats.todaySessions} today · ${alerts} · ${stats.weeklyBookings} booked this week`;
}

/**
 * Spec 2, admin dashboard: the stat cards (definitions in src/shared/schemas/stats.ts), with issue 21's waitlisted
 * children. On a phone (issue 33) they fold into one summary line that opens them, so the tabs are on the first
 * screen; from `sm` up the cards always show.
 */
export function StatCards() {
  const stats = useAdminStats();
  const listId = useId();
  const [expanded, setExpanded] = useState(false);
  if (stats.isError) {
    return <QueryErrorAlert title="Failed to fetch statistics" error={stats.error} onRetry={() => void stats.refetch()} />;
  }
  const alert = (stats.data?.capacityAlerts ?? 0) > 0;
  return (
    <div className="grid gap-3">
      <button
        type="button"
        aria-expanded={expanded}
        aria-controls={listId}
        onClick={() => setExpanded((open) => !open)}
        className="flex cursor-pointer items-center justify-between gap-3 rounded-lg border border-slate-200 bg-white px-4 py-3 text-left shadow-sm hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 sm:hidden"
      >
        <span className="min-w-0">
          <span className="block text-sm font-medium text-slate-900">Statistics</span>
          <span className={cn('block text-sm text-slate-600', alert && 'text-amber-800')}>{statsSummary(stats.data)}</span>
        </span>
        <span className="inline-flex shrink-0 items-center gap-1 text-sm font-medium text-brand-700">
          {expanded ? 'Hide' : 'Show all'}
          <ChevronDown className={cn('size-4 transition-transform', expanded && 'rotate-180')} aria-hidden="true" />
        </span>
      </button>
      <StatList id={listId} className={cn(!expanded && 'max-sm:hidden')} stats={stats.data} />
    </div>
  );
}

function StatList({ id, className, stats }: { id: string; className: string; stats: AdminStats | undefined }) {
  return (
    <ul id={id} className={cn('grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-5', className)} aria-label="Statistics">
      {cards.map(({ key, label, hint, icon: Icon }) => {
        const value = stats?.[key];
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
