import { useDeferredValue, useMemo, useRef, useState } from 'react';
import { flushSync } from 'react-dom';
import {
  calendarDays,
  calendarFetchRange,
  calendarWeek,
  clampWeekOffset,
  groupByTorontoDay,
  weekFetchRange,
  weekOffsetOf,
} from '../../../../shared/rules/calendar-weeks';
import { torontoDateKey, torontoMidnightOf } from '../../../../shared/rules/week';
import { useNow } from '../../../lib/use-now';
import { useCalendarSessions } from '../api/get-sessions';
import { useCurrentClosures } from '../../../lib/closures';
import { closureOn } from '../../../../shared/rules/closures';
import { ALL_CLASSES, classFilterOf } from '../../../lib/class-types';
import { focusAfterWeekMove, isAnyWeek } from './weekly-calendar-rules';

/**
 * The weekly calendar's state: the week on screen (within the bounds) and moving it, the class filter, and the
 * sessions of the fetched range grouped by Toronto day, and the closure of each closed day.
 */
export function useWeeklyCalendar(options: {
  initialWeekOf: string | undefined;
  maxWeekOffset: number;
  onWeekChange: ((weekOffset: number) => void) | undefined;
}) {
  const { initialWeekOf, maxWeekOffset, onWeekChange } = options;
  const now = useNow();
  const anyWeek = isAnyWeek(maxWeekOffset);
  const [weekOffset, setWeekOffset] = useState(() => (initialWeekOf ? weekOffsetOf(initialWeekOf, now, maxWeekOffset) : 0));
  const [classCode, setClassCode] = useState(ALL_CLASSES);
  const previousRef = useRef<HTMLButtonElement>(null);
  const nextRef = useRef<HTMLButtonElement>(null);

  // The week and its days change with the Toronto day and the offset only (not with every render: each is a few
  // Toronto date computations, and the memoised days need the same objects to skip rendering again).
  const today = torontoDateKey(now);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- `now` matters by its Toronto day only
  const week = useMemo(() => calendarWeek(now, weekOffset, maxWeekOffset), [today, weekOffset, maxWeekOffset]);
  // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
  const range = useMemo(() => (anyWeek ? weekFetchRange(week) : calendarFetchRange(now)), [anyWeek, week, today]);
  const sessions = useCalendarSessions({ ...range, classCode: classFilterOf(classCode) });

  // eslint-disable-next-line react-hooks/exhaustive-deps -- as above
  const days = useMemo(() => calendarDays(week.start, now), [week, today]);
  // The week's cards render in an interruptible pass once the data is there (a week has dozens of them).
  const sessionsData = useDeferredValue(sessions.data);
  const loadingSessions = sessionsData === undefined && !sessions.isError;
  const sessionsByDay = useMemo(() => groupByTorontoDay(sessionsData?.sessions ?? []), [sessionsData]);
  // Issue 32: a closed day says so ('Closed — reason'); a failed read of the closures only leaves the days unmarked.
  const closures = useCurrentClosures().data?.closures;
  const closureOf = (dayKey: string) => (closures ? closureOn(closures, dayKey) : undefined);

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

  /** Shows the week holding a Toronto day (within the bounds): the office's 'Go to date' (issue 33). */
  function showWeekOf(dayKey: string) {
    const next = weekOffsetOf(torontoMidnightOf(dayKey), now, maxWeekOffset);
    setWeekOffset(next);
    onWeekChange?.(next);
  }

  return { now, week, weekOffset, moveWeek, showWeekOf, previousRef, nextRef, classCode, setClassCode, sessions, days, loadingSessions, sessionsByDay, closureOf };
}
