import { CalendarDays, ChevronLeft, ChevronRight, Info, RotateCw, TriangleAlert } from 'lucide-react';
import { useDeferredValue, useId, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  calendarDays,
  calendarFetchRange,
  calendarWeek,
  canGoToNextWeek,
  canGoToPreviousWeek,
  clampWeekOffset,
  groupByTorontoDay,
  MAX_WEEK_OFFSET,
  weekFetchRange,
  weekOffsetOf,
} from '../../../../shared/rules/calendar-weeks';
import { sessionCardState } from '../../../../shared/rules/session-card';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { Alert, AlertDescription, AlertTitle } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { Skeleton } from '../../../components/ui/skeleton';
import { Tooltip } from '../../../components/ui/tooltip';
import { apiErrorMessage } from '../../../lib/api';
import { useNow } from '../../../lib/use-now';
import { cn } from '../../../lib/utils';
import { useClassTypes } from '../../../lib/class-types';
import { useCalendarSessions } from '../api/get-sessions';
import { SessionCard } from './session-card';
import { focusAfterWeekMove, isAnyWeek, isCardSelectable, windowLabel } from './weekly-calendar-rules';
import { OfflineNotice } from '../../../components/offline-notice';
import { useOnline } from '../../../lib/online-status';

/** Spec 2: the class-type filter defaults to 'all'. */
export const ALL_CLASSES = 'all';

export interface WeeklyCalendarProps {
  /** Sessions the user holds a confirmed booking for ('Booked' marker). */
  bookedSessionIds: ReadonlySet<string>;
  /** The family's place in line for each session it waits for ('Waitlist #N' marker, issue 21). */
  waitlistPositions?: ReadonlyMap<string, number> | undefined;
  /** Called when a selectable card is chosen (click, Enter or Space). */
  onSelectSession: (session: SessionDto) => void;
  /** Which cards can be chosen (only bookable ones: neither past nor full); by default every card that has not started. */
  isSelectable?: (session: SessionDto, now: Date) => boolean;
  /** The chosen card, for pickers (announced with aria-pressed). */
  selectedSessionId?: string | null | undefined;
  /** A session marked 'Current' (the reschedule picker). */
  currentSessionId?: string | undefined;
  /** A visible heading (level 2) above the calendar; without it the week label names the calendar. */
  title?: string | undefined;
  /** Open on the week holding this instant (within the bounds) instead of the current week. */
  initialWeekOf?: string | undefined;
  /**
   * How many weeks ahead the calendar may go: the family's two-week window by default; the office books any future
   * week (OFFICE_MAX_WEEK_OFFSET), and the calendar then fetches the week on screen.
   */
  maxWeekOffset?: number | undefined;
  /** Told the week on screen (weeks after the current one) when the parent moves (the dashboard's child cards follow it). */
  onWeekChange?: ((weekOffset: number) => void) | undefined;
  className?: string | undefined;
}

/**
 * Spec 2, weekly calendar: Monday-first week in Toronto time, previous/next week within the booking window,
 * a class filter, and session cards that open the booking dialog (or pick a session, when reused).
 */
export function WeeklyCalendar({
  bookedSessionIds,
  waitlistPositions,
  onSelectSession,
  isSelectable,
  selectedSessionId,
  currentSessionId,
  title,
  initialWeekOf,
  maxWeekOffset = MAX_WEEK_OFFSET,
  onWeekChange,
  className,
}: WeeklyCalendarProps) {
  const ids = useId();
  const now = useNow();
  // Offline the week shows as last saved, but no card can be chosen: a booking or move needs the server.
  const online = useOnline();
  const anyWeek = isAnyWeek(maxWeekOffset);
  const [weekOffset, setWeekOffset] = useState(() => (initialWeekOf ? weekOffsetOf(initialWeekOf, now, maxWeekOffset) : 0));
  const [classCode, setClassCode] = useState(ALL_CLASSES);
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);

  const week = calendarWeek(now, weekOffset, maxWeekOffset);
  const range = anyWeek ? weekFetchRange(week) : calendarFetchRange(now);
  const sessions = useCalendarSessions({ ...range, classCode: classCode === ALL_CLASSES ? undefined : classCode });
  const classes = useClassTypes();

  const days = calendarDays(week.start, now);
  // The week's cards render in an interruptible pass once the data is there (a week has dozens of them).
  const sessionsData = useDeferredValue(sessions.data);
  const loadingSessions = sessionsData === undefined && !sessions.isError;
  const sessionsByDay = useMemo(() => groupByTorontoDay(sessionsData?.sessions ?? []), [sessionsData]);
  const picker = selectedSessionId !== undefined;

  /** Moves a week; when the pressed button becomes disabled at a bound, focus goes to the other one. */
  function moveWeek(step: -1 | 1) {
    const next = clampWeekOffset(weekOffset + step, maxWeekOffset);
    // Render first, so the button that receives focus is already enabled.
    flushSync(() => setWeekOffset(next));
    onWeekChange?.(next);
    const focus = focusAfterWeekMove(step, next, maxWeekOffset);
    if (focus === 'next') nextRef.current?.focus();
    if (focus === 'previous') previousRef.current?.focus();
  }

  const titleId = `${ids}-title`;
  const rangeId = `${ids}-range`;
  const filterId = `${ids}-class`;

  return (
    <section aria-labelledby={title ? titleId : rangeId} className={cn('grid gap-4', className)}>
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
          <NativeSelect id={filterId} value={classCode} onChange={(event) => setClassCode(event.target.value)}>
            <option value={ALL_CLASSES}>All classes</option>
            {(classes.data ?? []).map((classType) => (
              <option key={classType.id} value={classType.code}>
                {classType.name}
              </option>
            ))}
          </NativeSelect>
        </div>
      </div>

      <div className="flex items-center justify-between gap-2 rounded-lg border border-slate-200 bg-slate-50 p-2">
        <Tooltip content="Previous week">
          <Button
            variant="outline"
            size="icon"
            ref={previousRef}
            aria-label="Previous week"
            disabled={!canGoToPreviousWeek(weekOffset)}
            onClick={() => moveWeek(-1)}
          >
            <ChevronLeft aria-hidden="true" />
          </Button>
        </Tooltip>
        <div className="min-w-0 text-center">
          <p id={rangeId} aria-live="polite" className="text-base font-semibold text-slate-900 sm:text-lg">
            {week.label}
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
            onClick={() => moveWeek(1)}
          >
            <ChevronRight aria-hidden="true" />
          </Button>
        </Tooltip>
      </div>

      {!online && <OfflineNotice className="py-2.5" />}
      {!picker && online && (
        <Alert variant="info" className="py-2.5">
          <Info aria-hidden="true" />
          <p>Booking is limited to the next two weeks: the current week and the week after it.</p>
        </Alert>
      )}

      {sessions.isError ? (
        <Alert variant="destructive" role="alert">
          <TriangleAlert aria-hidden="true" />
          <div className="grid gap-2">
            <div>
              <AlertTitle>Failed to fetch sessions</AlertTitle>
              <AlertDescription>{apiErrorMessage(sessions.error, 'The sessions could not be loaded.')}</AlertDescription>
            </div>
            <Button variant="outline" size="sm" className="w-fit" onClick={() => void sessions.refetch()}>
              <RotateCw aria-hidden="true" />
              Try again
            </Button>
          </div>
        </Alert>
      ) : (
        <div className="grid gap-2 lg:grid-cols-7 lg:gap-1.5 xl:gap-2" aria-busy={loadingSessions || undefined}>
          {loadingSessions && <span className="sr-only" role="status">Loading sessions</span>}
          {days.map((day) => {
            const daySessions = sessionsByDay.get(day.key) ?? [];
            return (
              <div
                key={day.key}
                role="group"
                aria-label={day.label}
                aria-current={day.isToday ? 'date' : undefined}
                className={cn(
                  'flex min-w-0 gap-3 rounded-lg border border-slate-200 bg-white p-2 lg:min-h-40 lg:flex-col lg:gap-2 lg:p-1.5 xl:p-2',
                  day.isToday && 'border-brand-300 bg-brand-50/40',
                )}
              >
                <div aria-hidden="true" className="flex w-12 shrink-0 flex-col items-center lg:w-auto lg:flex-row lg:justify-between lg:px-1">
                  <span className={cn('text-xs font-semibold uppercase tracking-wide text-slate-600', day.isToday && 'text-brand-700')}>
                    {day.weekday}
                  </span>
                  <span
                    className={cn(
                      'inline-flex size-8 items-center justify-center rounded-full text-sm font-bold text-slate-900',
                      day.isToday && 'bg-brand-600 text-white',
                    )}
                  >
                    {day.dayNumber}
                  </span>
                </div>
                <div className="min-w-0 flex-1">
                  {loadingSessions ? (
                    <div className="grid gap-2">
                      <Skeleton className="h-14" />
                      <Skeleton className="h-14" />
                    </div>
                  ) : daySessions.length === 0 ? (
                    <p className="py-2 text-xs text-slate-500 lg:text-center">No sessions</p>
                  ) : (
                    <ul className="grid gap-2 sm:grid-cols-2 lg:grid-cols-1">
                      {daySessions.map((session) => {
                        const state = sessionCardState(session, {
                          booked: bookedSessionIds.has(session.id),
                          now,
                          waitlistPosition: waitlistPositions?.get(session.id),
                        });
                        const selectable = isCardSelectable({ online, pickable: isSelectable?.(session, now), state });
                        return (
                          <li key={session.id}>
                            <SessionCard
                              session={session}
                              state={state}
                              selectable={selectable}
                              selected={picker ? session.id === selectedSessionId : undefined}
                              current={session.id === currentSessionId}
                              onSelect={onSelectSession}
                            />
                          </li>
                        );
                      })}
                    </ul>
                  )}
                </div>
              </div>
            );
          })}
        </div>
      )}
    </section>
  );
}
