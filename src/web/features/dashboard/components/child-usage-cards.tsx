import { CalendarCheck, CircleAlert, CircleCheck, RotateCw, TicketCheck, TriangleAlert, UserRound } from 'lucide-react';
import { childRemainingLabel, childUsageSummary, childUsageTone, type ChildUsageTone } from '../../../../shared/rules/child-usage';
import { creditLastDay, makeupCreditCount } from '../../../../shared/rules/makeup-credits';
import type { ChildStat } from '../../../../shared/schemas/bookings';
import type { CurrentUser } from '../../../../shared/schemas/users';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Card, CardLabel } from '../../../components/ui/card';
import { Skeleton } from '../../../components/ui/skeleton';
import { apiErrorMessage } from '../../../lib/api';
import { TruncatedText } from '../../../components/ui/tooltip';
import { cn } from '../../../lib/utils';
import { useChildStats } from '../api/get-child-stats';

const toneStyles: Record<ChildUsageTone, { card: string; bar: string; text: string; icon: typeof CircleCheck }> = {
  success: { card: 'border-green-200 bg-green-50/60', bar: 'bg-green-600', text: 'text-green-800', icon: CircleCheck },
  warning: { card: 'border-amber-200 bg-amber-50/70', bar: 'bg-amber-500', text: 'text-amber-900', icon: CircleAlert },
  danger: { card: 'border-red-200 bg-red-50/70', bar: 'bg-red-600', text: 'text-red-800', icon: CircleAlert },
};

/** The Toronto week the calendar shows: its Monday (YYYY-MM-DD), weeks after the current one, 'Nov 30 - Dec 6, 2026'. */
export interface ShownWeek {
  start: string;
  offset: number;
  label: string;
}

/**
 * Spec 2 and 4: one card per child, coloured by what is left of the weekly limit, for the week the calendar shows
 * (this week at first; issue 20: browsing next week shows next week's use, and each card says which week).
 */
export function ChildUsageCards({ week }: { week: ShownWeek }) {
  const stats = useChildStats(week.start);

  if (stats.isPending) {
    return (
      <>
        {[0, 1].map((i) => (
          <Card key={i} className="p-4" role="status" aria-label="Loading weekly usage">
            <Skeleton className="h-4 w-20" />
            <Skeleton className="mt-3 h-6 w-28" />
            <Skeleton className="mt-3 h-2 w-full" />
          </Card>
        ))}
      </>
    );
  }

  if (stats.isError) {
    return (
      <Alert variant="destructive" role="alert" className="col-span-full">
        <TriangleAlert aria-hidden="true" />
        <div className="grid gap-2">
          <div>
            <AlertTitle>Failed to fetch child stats</AlertTitle>
            <AlertDescription>{apiErrorMessage(stats.error, 'Weekly usage could not be loaded.')}</AlertDescription>
          </div>
          <Button variant="outline" size="sm" className="w-fit" onClick={() => void stats.refetch()}>
            <RotateCw aria-hidden="true" />
            Try again
          </Button>
        </div>
      </Alert>
    );
  }

  return (
    <>
      {stats.data.children.map((child) => (
        <ChildUsageCard key={child.name} child={child} week={week} />
      ))}
    </>
  );
}

function ChildUsageCard({ child, week }: { child: ChildStat; week: ShownWeek }) {
  const weekWord = week.offset === 0 ? 'this week' : 'next week';
  const tone = childUsageTone(child.remaining);
  const style = toneStyles[tone];
  const Icon = style.icon;
  const share = child.limit > 0 ? Math.min(100, Math.round((child.used / child.limit) * 100)) : 100;
  return (
    <Card className={cn('flex flex-col gap-2 p-4', style.card)} data-tone={tone} aria-label={`${child.name}, ${weekWord}`} role="group">
      <div className="flex flex-wrap items-center justify-between gap-x-3 gap-y-1">
        <p className="flex min-w-0 items-center gap-2 font-semibold text-slate-900">
          <UserRound className="size-4 shrink-0 text-slate-600" aria-hidden="true" />
          <TruncatedText>{child.name}</TruncatedText>
        </p>
        <p className={cn('flex items-center gap-1.5 text-sm font-semibold', style.text)}>
          <Icon className="size-4 shrink-0" aria-hidden="true" />
          {childRemainingLabel(child.remaining)}
        </p>
      </div>
      <p className="text-slate-900">
        <span className="text-base font-bold tracking-tight sm:text-xl">{childUsageSummary(child)}</span>{' '}
        <span className="whitespace-nowrap text-sm text-slate-600">{weekWord}</span>
      </p>
      {week.offset > 0 && <p className="text-xs font-medium text-slate-600">{week.label}</p>}
      {child.makeupCredits > 0 && <MakeupCreditsLine count={child.makeupCredits} firstEnd={child.makeupCreditExpiries[0]} />}
      <div className="mt-auto h-2 overflow-hidden rounded-full bg-white/80 ring-1 ring-slate-200" aria-hidden="true">
        <div className={cn('h-full rounded-full', style.bar)} style={{ width: `${share}%` }} />
      </div>
    </Card>
  );
}

/**
 * Issue 32: the child's make-up credits and the last day to use the one ending first ('1 make-up credit · use by
 * Dec 31'). A credit takes a booking past the weekly limit, so the card's colour still follows what is left.
 */
function MakeupCreditsLine({ count, firstEnd }: { count: number; firstEnd: string | undefined }) {
  const by = firstEnd && creditLastDay(firstEnd);
  return (
    <p className="flex items-start gap-1.5 text-sm text-slate-700">
      <TicketCheck className="mt-0.5 size-4 shrink-0 text-brand-700" aria-hidden="true" />
      <span>
        <span className="font-semibold text-slate-900">{makeupCreditCount(count)}</span>
        {by && (
          <>
            {/* The dot is for the eye; a screen reader hears a pause. */}
            <span aria-hidden="true"> · </span>
            <span className="sr-only">, </span>
            <span className="whitespace-nowrap">{count === 1 ? `use by ${by}` : `use the first by ${by}`}</span>
          </>
        )}
      </span>
    </p>
  );
}

/**
 * Spec 2: the single card shown instead when the account has no children: the spots booked this week
 * (usedThisWeek of GET /api/me, refreshed after every booking change) against the account's weekly limit.
 */
export function ThisWeekCard({ user }: { user: Pick<CurrentUser, 'usedThisWeek' | 'weeklyLimit'> }) {
  return (
    <Card className="col-span-full flex flex-col gap-2 p-4" role="group" aria-label="This Week">
      <CardLabel icon={CalendarCheck}>This Week</CardLabel>
      <p className="text-slate-900">
        <span className="text-base font-bold tracking-tight sm:text-xl">
          {childUsageSummary({ used: user.usedThisWeek, limit: user.weeklyLimit })}
        </span>{' '}
        <span className="whitespace-nowrap text-sm text-slate-600">booked</span>
      </p>
      <p className="text-sm text-slate-600">Sessions booked for the current week.</p>
    </Card>
  );
}
