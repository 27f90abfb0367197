import { ChevronDown, Info } from 'lucide-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { MAX_WEEK_OFFSET } from '../../../../shared/rules/calendar-weeks';
import { plural } from '../../../../shared/rules/format';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { OfflineNotice } from '../../../components/offline-notice';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
import { torontoDateKey } from '../../../../shared/rules/week';
import { bringIntoView } from '../../../lib/bring-into-view';
import { useOnline } from '../../../lib/online-status';
import { cn } from '../../../lib/utils';
import { useWeeklyCalendar } from './use-weekly-calendar';
import { CalendarDay, CalendarHeader, DayJump, SessionsError, WeekNavigator } from './weekly-calendar-parts';
import { splitEarlierDays } from './weekly-calendar-rules';

/** Spec 2: the class-type filter defaults to 'all'. */

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
  /** Issue 33: offer 'Jump to a day' (the office's picker, where a caller names the day). */
  dayJump?: boolean | undefined;
  className?: string | undefined;
}

const NO_SESSIONS: readonly SessionDto[] = [];

/**
 * Spec 2, weekly calendar: Monday-first week in Toronto time, previous/next week within the booking window,
 * a class filter, and session cards that open the booking dialog (or pick a session, when reused). The week, the
 * filter and the sessions are useWeeklyCalendar's (use-weekly-calendar.ts).
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
  dayJump = false,
  className,
}: WeeklyCalendarProps) {
  const ids = useId();
  const [showEarlier, setShowEarlier] = useState(false);
  // Offline the week shows as last saved, but no card can be chosen: a booking or move needs the server.
  const online = useOnline();
  const { previousRef, nextRef, ...calendar } = useWeeklyCalendar({ initialWeekOf, maxWeekOffset, onWeekChange });
  const { sessions, loadingSessions, now } = calendar;
  const picker = selectedSessionId !== undefined;
  // One object while its parts stay the same, so the memoised days do not render again (CalendarDay). `now` is the
  // minute's Date of useNow, never changed in place.
  const cards = useMemo(
    () => ({ now, online, bookedSessionIds, waitlistPositions, isSelectable, picker, selectedSessionId, currentSessionId, onSelectSession }),
    // eslint-disable-next-line react-hooks/preserve-manual-memoization
    [now, online, bookedSessionIds, waitlistPositions, isSelectable, picker, selectedSessionId, currentSessionId, onSelectSession],
  );

  // A day jumped to is scrolled to and focused once its week is on screen (each press once).
  const [jump, setJump] = useState<{ day: string; press: number } | null>(null);
  const jumpHandled = useRef(0);
  const daysRef = useRef<HTMLDivElement>(null);
  const weekStart = calendar.week.start.getTime();
  useEffect(() => {
    if (!jump || jump.press === jumpHandled.current) return;
    const group = daysRef.current?.querySelector<HTMLElement>(`[data-day="${jump.day}"]`);
    if (!group) return;
    jumpHandled.current = jump.press;
    group.focus({ preventScroll: true });
    bringIntoView(group, { always: true });
  }, [jump, weekStart]);
  function goToDay(dayKey: string) {
    calendar.showWeekOf(dayKey);
    // A past day of this week is folded on phones: jumping to it unfolds them.
    if (dayKey < torontoDateKey(now)) setShowEarlier(true);
    setJump((last) => ({ day: dayKey, press: (last?.press ?? 0) + 1 }));
  }

  const titleId = `${ids}-title`;
  const rangeId = `${ids}-range`;
  const earlierId = `${ids}-earlier`;
  const { earlierDays, laterDays } = splitEarlierDays(calendar.days);

  const renderDay = (day: (typeof calendar.days)[number]) => (
    <CalendarDay
      key={day.key}
      day={day}
      sessions={calendar.sessionsByDay.get(day.key) ?? NO_SESSIONS}
      loading={loadingSessions}
      cards={cards}
      closedReason={calendar.closureOf(day.key)?.reason}
    />
  );

  return (
    <section aria-labelledby={title ? titleId : rangeId} className={cn('grid gap-4', className)}>
      <CalendarHeader title={title} titleId={titleId} filterId={`${ids}-class`} classCode={calendar.classCode} onClassCode={calendar.setClassCode} />
      <WeekNavigator
        rangeId={rangeId}
        label={calendar.week.label}
        weekOffset={calendar.weekOffset}
        maxWeekOffset={maxWeekOffset}
        previousRef={previousRef}
        nextRef={nextRef}
        onMove={calendar.moveWeek}
      />

      {dayJump && <DayJump days={calendar.days} today={torontoDateKey(now)} onDay={goToDay} />}

      {!online && <OfflineNotice className="py-2.5" />}
      {!picker && online && (
        <Alert variant="info" className="py-2.5">
          <Info aria-hidden="true" />
          <p>Booking is limited to the next two weeks: the current week and the week after it. Times are Toronto time.</p>
        </Alert>
      )}

      {sessions.isError ? (
        <SessionsError error={sessions.error} onRetry={() => void sessions.refetch()} />
      ) : (
        <div ref={daysRef} className="grid gap-2 lg:grid-cols-7 lg:gap-1.5 xl:gap-2" aria-busy={loadingSessions || undefined}>
          {loadingSessions && <span className="sr-only" role="status">Loading sessions</span>}
          {/* Issue 33: where the days are a list (below lg), this week's past days fold away until asked for. */}
          {earlierDays.length > 0 && (
            <Button
              variant="outline"
              size="sm"
              className="w-full lg:hidden"
              aria-expanded={showEarlier}
              aria-controls={earlierId}
              onClick={() => setShowEarlier((shown) => !shown)}
            >
              <ChevronDown aria-hidden="true" className={cn('transition-transform', showEarlier && 'rotate-180')} />
              {showEarlier ? 'Hide earlier days' : `Show ${plural(earlierDays.length, 'earlier day')}`}
            </Button>
          )}
          {earlierDays.length > 0 && (
            <div id={earlierId} className={cn('grid gap-2 lg:contents', !showEarlier && 'max-lg:hidden')}>
              {earlierDays.map(renderDay)}
            </div>
          )}
          {laterDays.map(renderDay)}
        </div>
      )}
    </section>
  );
}
