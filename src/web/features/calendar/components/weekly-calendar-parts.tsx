import { CalendarDays, ChevronLeft, ChevronRight } from 'lucide-react';
import { memo, useId, type Ref } from 'react';
import { canGoToNextWeek, canGoToPreviousWeek } from '../../../../shared/rules/calendar-weeks';
import { sessionCardState } from '../../../../shared/rules/session-card';
import { closedDayLabel } from '../../../../shared/rules/closures';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Button } from '../../../components/ui/button';
import { Input } from '../../../components/ui/input';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tooltip } from '../../../components/ui/tooltip';
import { ALL_CLASSES, useClassTypes } from '../../../lib/class-types';
import { cn } from '../../../lib/utils';
import { SessionCard } from './session-card';
import { dayContentOf, isCardSelectable, windowLabel } from './weekly-calendar-rules';

/**
 * Issue 33, the office's picker: 'Jump to a day', one button per day of the week on screen and a date field for any
 * other day (the calendar then shows that week), so a caller's "Thursday" is one tap, not a scroll down the week.
 */
export function DayJump({
  days,
  today,
  onDay,
}: {
  days: ReadonlyArray<{ key: string; label: string; weekday: string; dayNumber: number | string; isToday: boolean }>;
  /** Today's Toronto date (YYYY-MM-DD): the first day the date field offers. */
  today: string;
  onDay: (dayKey: string) => void;
}) {
  const id = useId();
  return (
    <div className="grid gap-2 rounded-lg border border-slate-200 bg-white p-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <p id={`${id}-title`} className="text-sm font-medium text-slate-800">
          Jump to a day
        </p>
        <div className="flex items-center gap-2">
          <Label htmlFor={`${id}-date`} className="text-xs font-normal text-slate-600">
            Go to date
          </Label>
          <Input
            id={`${id}-date`}
            type="date"
            min={today}
            className="h-9 w-40"
            onChange={(event) => {
              if (event.target.value) onDay(event.target.value);
            }}
          />
        </div>
      </div>
      <div role="group" aria-labelledby={`${id}-title`} className="grid grid-cols-7 gap-1">
        {days.map((day) => (
          <button
            key={day.key}
            type="button"
            aria-label={`Go to ${day.label}`}
            onClick={() => onDay(day.key)}
            className={cn(
              'flex min-w-0 cursor-pointer flex-col items-center rounded-md border border-slate-200 py-1 text-xs text-slate-700 hover:bg-slate-50 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600',
              day.isToday && 'border-brand-300 bg-brand-50/60',
            )}
          >
            <span className="font-semibold uppercase">{day.weekday}</span>
            <span className="text-sm font-bold text-slate-900">{day.dayNumber}</span>
          </button>
        ))}
      </div>
    </div>
  );
}

/** The visible title (when given) and the class filter. */
export function CalendarHeader({
  title,
  titleId,
  filterId,
  classCode,
  onClassCode,
}: {
  title: string | undefined;
  titleId: string;
  filterId: string;
  classCode: string;
  onClassCode: (value: string) => void;
}) {
  const classes = useClassTypes();
  return (
    <div className="flex flex-col gap-3 sm:flex-row sm:items-end sm:justify-between">
      {title ? (
        <div className="flex items-center gap-3">
          <span className="inline-flex size-10 shrink-0 items-center justify-center rounded-lg bg-brand-50 text-brand-700">
            <CalendarDays className="size-5" aria-hidden="true" />
          </span>
          <h2 id={titleId} className="text-lg font-semibold leading-tight tracking-tight text-slate-900">
            {title}
          </h2>
        </div>
      ) : (
        <span />
      )}
      <div className="grid gap-1.5 sm:w-56">
        <Label htmlFor={filterId}>Class</Label>
        <NativeSelect id={filterId} value={classCode} onChange={(event) => onClassCode(event.target.value)}>
          <option value={ALL_CLASSES}>All classes</option>
          {(classes.data ?? []).map((classType) => (
            <option key={classType.id} value={classType.code}>
              {classType.name}
            </option>
          ))}
        </NativeSelect>
      </div>
    </div>
  );
}

/** Previous week, the week's label (announced), the window it lies in, and Next week. */
export function WeekNavigator({
  rangeId,
  label,
  weekOffset,
  maxWeekOffset,
  previousRef,
  nextRef,
  onMove,
}: {
  rangeId: string;
  label: string;
  weekOffset: number;
  maxWeekOffset: number;
  previousRef: Ref<HTMLButtonElement>;
  nextRef: Ref<HTMLButtonElement>;
  onMove: (step: -1 | 1) => void;
}) {
  return (
    <div className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2">
      <Tooltip content="Previous week">
        <Button variant="outline" size="icon" ref={previousRef} aria-label="Previous week" disabled={!canGoToPreviousWeek(weekOffset)} onClick={() => onMove(-1)}>
          <ChevronLeft aria-hidden="true" />
        </Button>
      </Tooltip>
      <div className="min-w-0 text-center">
        <p id={rangeId} aria-live="polite" className="text-base font-semibold text-slate-900 sm:text-lg">
          {label}
        </p>
        <p className="text-xs font-medium uppercase tracking-wide text-slate-600">{windowLabel(maxWeekOffset)}</p>
      </div>
      <Tooltip content="Next week">
        <Button
          variant="outline"
          size="icon"
          ref={nextRef}
          aria-label="Next week"
          disabled={!canGoToNextWeek(weekOffset, maxWeekOffset)}
          onClick={() => onMove(1)}
        >
          <ChevronRight aria-hidden="true" />
        </Button>
      </Tooltip>
    </div>
  );
}

/** The sessions could not be loaded: why, and 'Try again'. */
/** The calendar's failed read: the shared alert with the spec's title and a way to try again. */
export function SessionsError({ error, onRetry }: { error: unknown; onRetry: () => void }) {
  return <QueryErrorAlert title="Failed to fetch sessions" error={error} fallback="The sessions could not be loaded." onRetry={onRetry} />;
}

export interface CardOptions {
  now: Date;
  online: boolean;
  bookedSessionIds: ReadonlySet<string>;
  waitlistPositions?: ReadonlyMap<string, number> | undefined;
  isSelectable?: ((session: SessionDto, now: Date) => boolean) | undefined;
  /** Set for pickers (the chosen card is announced with aria-pressed). */
  picker: boolean;
  selectedSessionId?: string | null | undefined;
  currentSessionId?: string | undefined;
  onSelectSession: (session: SessionDto) => void;
}

/**
 * One day of the week: its weekday and date, then placeholders, 'No sessions' or its session cards. Memoised: a day
 * renders again only when its own sessions, closure or card options change (issue 33: on a phone every query answer
 * re-rendered the whole week's cards in one long task).
 */
export const CalendarDay = memo(function CalendarDay({
  day,
  sessions,
  loading,
  cards,
  closedReason,
}: {
  day: { key: string; label: string; weekday: string; dayNumber: number | string; isToday: boolean };
  sessions: readonly SessionDto[];
  loading: boolean;
  cards: CardOptions;
  /** Issue 32: the reason of the closure holding the day ('Closed — reason'), if it is closed. */
  closedReason?: string | undefined;
}) {
  const content = dayContentOf(loading, sessions.length);
  return (
    <div
      role="group"
      aria-label={day.label}
      aria-current={day.isToday ? 'date' : undefined}
      // The office's 'Jump to a day' (issue 33) scrolls to the day and focuses it.
      data-day={day.key}
      tabIndex={-1}
      className={cn(
        'flex min-w-0 scroll-mt-2 gap-3 rounded-lg border border-slate-200 bg-white p-2 focus-visible:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 lg:min-h-40 lg:flex-col lg:gap-2 lg:p-1.5 xl:p-2',
        day.isToday && 'border-brand-300 bg-brand-50/40',
      )}
    >
      <div aria-hidden="true" className="flex w-12 shrink-0 flex-col items-center lg:w-auto lg:flex-row lg:justify-between lg:px-1">
        <span className={cn('text-xs font-semibold uppercase tracking-wide text-slate-600', day.isToday && 'text-brand-700')}>{day.weekday}</span>
        <span className={cn('inline-flex size-8 items-center justify-center rounded-full text-sm font-bold text-slate-900', day.isToday && 'bg-brand-600 text-white')}>
          {day.dayNumber}
        </span>
      </div>
      <div className="min-w-0 flex-1">
        {closedReason !== undefined && (
          <p className="mb-2 rounded-md border border-amber-200 bg-amber-50 px-2 py-1.5 text-xs font-semibold break-words text-amber-900" data-testid="closed-day">
            {closedDayLabel(closedReason)}
          </p>
        )}
        {content === 'loading' && (
          <div className="grid gap-2">
            <Skeleton className="h-14" />
            <Skeleton className="h-14" />
          </div>
        )}
        {content === 'empty' && closedReason === undefined && <p className="py-2 text-xs text-slate-500 lg:text-center">No sessions</p>}
        {content === 'cards' && (
          <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
            {sessions.map((session) => (
              <li key={session.id}>
                <DayCard session={session} {...cards} />
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  );
});

function DayCard({ session, now, online, bookedSessionIds, waitlistPositions, isSelectable, picker, selectedSessionId, currentSessionId, onSelectSession }: CardOptions & { session: SessionDto }) {
  const state = sessionCardState(session, { booked: bookedSessionIds.has(session.id), now, waitlistPosition: waitlistPositions?.get(session.id) });
  const selectable = isCardSelectable({ online, pickable: isSelectable?.(session, now), state });
  return (
    <SessionCard
      session={session}
      state={state}
      selectable={selectable}
      selected={picker ? session.id === selectedSessionId : undefined}
      current={session.id === currentSessionId}
      onSelect={onSelectSession}
    />
  );
}
