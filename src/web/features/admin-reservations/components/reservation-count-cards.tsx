import { useId } from 'react';
import { reservationBadge, reservationBadgeRanges, type ReservationBadge } from '../../../../shared/rules/session-status';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import type { ClassTypeDto } from '../../../../shared/schemas/classes';
import { Badge } from '../../../components/ui/badge';
import { Card } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { cn } from '../../../lib/utils';

/** Grey when nothing is booked, amber when few are, then brand colour growing stronger with demand. */
const badgeVariant: Record<ReservationBadge, 'secondary' | 'warning' | 'brand' | 'default'> = {
  Empty: 'secondary',
  Low: 'warning',
  Medium: 'brand',
  High: 'default',
};

/** Confirmed bookings per class code (spec 4: only CONFIRMED counts in reservations). */
export function confirmedCountsByClass(bookings: readonly BookingDto[]): Map<string, number> {
  const counts = new Map<string, number>();
  for (const booking of bookings) {
    if (booking.status !== 'CONFIRMED') continue;
    const code = booking.session.classType.code;
    counts.set(code, (counts.get(code) ?? 0) + 1);
  }
  return counts;
}

interface ReservationCountCardsProps {
  classTypes: readonly ClassTypeDto[] | undefined;
  /** Every booking of the shown range, all classes (the cards do not follow the class filter). */
  bookings: readonly BookingDto[] | undefined;
  /** The class chosen in the filter, highlighted. */
  selectedClassCode: string | undefined;
}

/** Spec 2 and 4: one card per class type with its confirmed bookings and an Empty/Low/Medium/High badge, and a total. */
export function ReservationCountCards({ classTypes, bookings, selectedClassCode }: ReservationCountCardsProps) {
  if (!classTypes || !bookings) {
    return (
      <div className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" role="status" aria-label="Loading reservation counts">
        {Array.from({ length: 6 }, (_, i) => (
          <Card key={i} className="grid gap-2 p-4">
            <Skeleton className="h-4 w-24" />
            <Skeleton className="h-7 w-10" />
          </Card>
        ))}
      </div>
    );
  }
  const counts = confirmedCountsByClass(bookings);
  const total = [...counts.values()].reduce((sum, n) => sum + n, 0);
  return (
    <div className="grid grid-cols-1 gap-2">
      <ul className="grid grid-cols-2 gap-3 sm:grid-cols-3 lg:grid-cols-6" aria-label="Confirmed bookings per class">
        {classTypes.map((classType) => (
          <li key={classType.id}>
            <CountCard label={classType.name} count={counts.get(classType.code) ?? 0} selected={classType.code === selectedClassCode} />
          </li>
        ))}
        <li>
          <CountCard label="Total" count={total} total />
        </li>
      </ul>
      <BadgeLegend />
    </div>
  );
}

/** What each badge means (issue 20), from the same thresholds the badges are given by. */
function BadgeLegend() {
  const legendId = useId();
  return (
    <div className="flex flex-wrap items-center gap-x-3 gap-y-1.5 text-xs text-slate-600">
      <p id={legendId}>Badges, by confirmed bookings in the range:</p>
      <ul aria-labelledby={legendId} className="flex flex-wrap items-center gap-x-3 gap-y-1.5">
        {reservationBadgeRanges().map(({ badge, range }) => (
          <li key={badge} className="inline-flex items-center gap-1.5">
            <Badge variant={badgeVariant[badge]}>{badge}</Badge>
            <span className="tabular-nums">{range}</span>
          </li>
        ))}
      </ul>
    </div>
  );
}

function CountCard({ label, count, selected = false, total = false }: { label: string; count: number; selected?: boolean; total?: boolean }) {
  const labelId = useId();
  const badge = reservationBadge(count);
  return (
    <Card
      role="group"
      aria-labelledby={labelId}
      data-selected={selected || undefined}
      className={cn(
        'flex h-full flex-col gap-1 p-4',
        total && 'border-slate-300 bg-slate-100/70',
        selected && 'border-brand-600 ring-1 ring-brand-600',
      )}
    >
      <p id={labelId} className="line-clamp-2 text-sm font-medium leading-snug text-slate-700">
        {label}
      </p>
      <div className="mt-auto flex flex-wrap items-end justify-between gap-x-2 gap-y-1">
        <p className="text-2xl font-bold tabular-nums text-slate-900">
          {count}
          <span className="sr-only"> confirmed</span>
        </p>
        {!total && (
          <Badge variant={badgeVariant[badge]} className="mb-1">
            {badge}
          </Badge>
        )}
      </div>
      {total && <p className="text-xs text-slate-600">Confirmed, all classes</p>}
    </Card>
  );
}
