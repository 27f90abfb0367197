import { useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { adminListRange } from '../../../../shared/rules/admin-range';
import { startOfTorontoDay, torontoDateKey } from '../../../../shared/rules/week';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { DEFAULT_PAGE_SIZE } from '../../../components/page-size-select';
import { sessionsQuery } from '../../../lib/sessions';
import { useNow } from '../../../lib/use-now';
import { useAdminSessions } from '../api/get-admin-sessions';
import { ALL_CLASSES, classFilterOf } from '../../../lib/class-types';
import {
  emptyStateOf,
  jumpTargetOf,
  pageAfterShrink,
  rangeTextOf,
  selectionAfter,
  selectionWithout,
  shownRows,
  todayPageOf,
} from './sessions-tab-rules';

/** Issue 33: the Toronto days a bulk run's new sessions span, shown until another filter is chosen. */
export interface NewSeries {
  from: string;
  to: string;
  count: number;
}

/**
 * The sessions tab's list: the class and day filters (default 7 days ago to 30 days ahead), the page (opening at
 * today's, issue 20), 'Jump to today', the selection kept across pages (cleared by a filter change), and after a bulk
 * run the new sessions (their class, from the first one's day to the last one's, issue 33).
 */
export function useSessionsList() {
  const now = useNow();
  const [classCode, setClassCode] = useState(ALL_CLASSES);
  const [date, setDate] = useState('');
  const [series, setSeries] = useState<NewSeries | null>(null);
  const [pageSize, setPageSize] = useState(DEFAULT_PAGE_SIZE);
  // null: the page holding today's first session (issue 20: the list opens at today, not 7 days ago).
  const [chosenPage, setPage] = useState<number | null>(null);
  // 'Jump to today' presses: each one brings today's first row into view and focus once its page is on screen.
  const [jumpRequest, setJumpRequest] = useState(0);
  const jumpHandled = useRef(0);
  const tableRef = useRef<HTMLDivElement>(null);
  // The selected sessions by id; kept across pages, cleared by a filter change.
  const [selected, setSelected] = useState<ReadonlyMap<string, SessionDto>>(new Map());

  const range = series ? { from: series.from, to: series.to } : adminListRange(now, date || undefined);
  const filters = { ...range, classCode: classFilterOf(classCode) };
  // How many sessions of the range start before today (Toronto): their count gives today's page.
  const startOfToday = startOfTorontoDay(now);
  const beforeToday = useQuery({
    ...sessionsQuery({ ...filters, to: new Date(startOfToday.getTime() - 1).toISOString(), page: 1, limit: 1 }),
    enabled: chosenPage === null && !date && !series,
  });
  const todayPage = series ? 1 : todayPageOf({ date, beforeToday: beforeToday.data?.total, beforeTodayFailed: beforeToday.isError, pageSize });
  const page = chosenPage ?? todayPage;
  const sessions = useAdminSessions({ ...filters, page: page ?? 1, limit: pageSize }, page !== null);
  const rows = sessions.data?.sessions ?? [];
  const total = sessions.data?.total ?? 0;
  const totalPages = sessions.data?.totalPages ?? 0;

  // After deletions the current page can fall past the last one: go to the last page that exists.
  const lastPage = sessions.data && !sessions.isPlaceholderData ? pageAfterShrink(page, totalPages) : null;
  if (lastPage !== null) setPage(lastPage);

  /** Any filter or page-size change starts again at today's page (the first page for one day) with nothing selected. */
  function changeFilters(apply: () => void) {
    // First: showing a new series is itself such a change (its apply sets the series).
    setSeries(null);
    apply();
    setPage(null);
    setSelected(new Map());
  }

  /** 'Jump to today': the default range's page holding today's first session, that row in view and focused. */
  function jumpToToday() {
    changeFilters(() => setDate(''));
    setJumpRequest((n) => n + 1);
  }

  // The first row starting today or later (else the page's last), once today's page is the one shown.
  const todayShown = chosenPage === null && !date && !series && !sessions.isPlaceholderData && sessions.data !== undefined && sessions.data.page === todayPage;
  const jumpTargetId = todayShown ? jumpTargetOf(rows, startOfToday) : undefined;
  useEffect(() => {
    if (jumpRequest === jumpHandled.current || !jumpTargetId) return;
    jumpHandled.current = jumpRequest;
    const row = tableRef.current?.querySelector<HTMLElement>(`[data-row-id="${CSS.escape(jumpTargetId)}"]`);
    if (!row) return;
    row.setAttribute('tabindex', '-1');
    row.scrollIntoView({ block: 'center' });
    row.focus({ preventScroll: true });
  }, [jumpRequest, jumpTargetId]);

  // The rows on screen (while the next page loads, the previous one stays, so read its own page and limit).
  const shownPage = sessions.data?.page ?? page ?? 1;
  const shownLimit = sessions.data?.limit ?? pageSize;
  const { first, last } = shownRows(total, shownPage, shownLimit);

  return {
    now,
    filters,
    classCode,
    date,
    pageSize,
    setClassCode: (value: string) => changeFilters(() => setClassCode(value)),
    setDate: (value: string) => changeFilters(() => setDate(value)),
    setPageSize: (size: number) => changeFilters(() => setPageSize(size)),
    jumpToToday,
    series,
    /** After a bulk run: its class and the days from its first new session to its last, from the first page. */
    showNewSeries: (created: { count: number; firstStartsAt: string; lastStartsAt: string }, classOfSeries: string | undefined) =>
      changeFilters(() => {
        setDate('');
        if (classOfSeries) setClassCode(classOfSeries);
        setSeries({ from: torontoDateKey(new Date(created.firstStartsAt)), to: torontoDateKey(new Date(created.lastStartsAt)), count: created.count });
      }),
    tableRef,
    sessions,
    rows,
    total,
    totalPages,
    page: page ?? shownPage,
    setPage,
    first,
    last,
    rangeText: rangeTextOf(date, range, series),
    empty: emptyStateOf(date),
    selected,
    changeSelection: (next: Set<string>) => setSelected((current) => selectionAfter(current, next, rows)),
    deselect: (removed: readonly SessionDto[]) => setSelected((current) => selectionWithout(current, removed)),
    clearSelection: () => setSelected(new Map()),
  };
}
