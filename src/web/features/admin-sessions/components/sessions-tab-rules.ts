import { formatLongDate } from '../../../../shared/rules/format';
import { ADMIN_RANGE_DAYS_AHEAD, ADMIN_RANGE_DAYS_BACK } from '../../../../shared/rules/admin-range';
import { torontoMidnightOf } from '../../../../shared/rules/week';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { formatTableDate } from './session-format';

/**
 * The page holding today's first session (issue 20: the list opens at today, not 7 days ago), from the count of
 * the range's sessions before today; 1 for one chosen day or when that count failed; null while it loads.
 */
export function todayPageOf(options: { date: string; beforeToday: number | undefined; beforeTodayFailed: boolean; pageSize: number }): number | null {
  const { date, beforeToday, beforeTodayFailed, pageSize } = options;
  if (date) return 1;
  if (beforeToday !== undefined) return Math.floor(beforeToday / pageSize) + 1;
  return beforeTodayFailed ? 1 : null;
}

/** 'Jump to today' lands on the first row starting today or later, else the page's last row. */
export function jumpTargetOf(rows: readonly Pick<SessionDto, 'id' | 'startsAt'>[], startOfToday: Date): string | undefined {
  return (rows.find((row) => new Date(row.startsAt).getTime() >= startOfToday.getTime()) ?? rows[rows.length - 1])?.id;
}

/** The selection after the table's change: kept across pages (a row of another page keeps its session), in `next`'s order. */
export function selectionAfter(
  current: ReadonlyMap<string, SessionDto>,
  next: Iterable<string>,
  rows: readonly SessionDto[],
): Map<string, SessionDto> {
  const updated = new Map<string, SessionDto>();
  for (const id of next) {
    const session = current.get(id) ?? rows.find((row) => row.id === id);
    if (session) updated.set(id, session);
  }
  return updated;
}

/** The selection without the sessions a dialog removed. */
export function selectionWithout(current: ReadonlyMap<string, SessionDto>, removed: readonly SessionDto[]): Map<string, SessionDto> {
  const updated = new Map(current);
  for (const session of removed) updated.delete(session.id);
  return updated;
}

/** The rows on screen, numbered from 1 ('1-25 of 60'); 0-0 when there is none. */
export function shownRows(total: number, page: number, limit: number): { first: number; last: number } {
  return { first: total === 0 ? 0 : (page - 1) * limit + 1, last: Math.min(total, page * limit) };
}

/**
 * The line under the heading: one chosen day, or the default range and how to see any other day, or (issue 33) a
 * bulk run's new sessions.
 */
export function rangeTextOf(date: string, range: { from: string; to: string }, series?: { count: number } | null): string {
  if (series) {
    const days = range.from === range.to ? formatTableDate(torontoMidnightOf(range.from)) : `${formatTableDate(torontoMidnightOf(range.from))} to ${formatTableDate(torontoMidnightOf(range.to))}`;
    return `The ${series.count === 1 ? 'new session' : `${series.count} new sessions`}, ${days} (and the class's other sessions of those days). Jump to today for the usual range.`;
  }
  return date
    ? `Sessions on ${formatLongDate(torontoMidnightOf(date))}.`
    : `Sessions from ${formatTableDate(torontoMidnightOf(range.from))} to ${formatTableDate(torontoMidnightOf(range.to))} (${ADMIN_RANGE_DAYS_BACK} days ago to ${ADMIN_RANGE_DAYS_AHEAD} days ahead). Pick a date to see any other day.`;
}

/** The empty table's title and hint. */
export function emptyStateOf(date: string): { title: string; hint: string } {
  return date
    ? { title: 'No sessions on this day', hint: 'Pick another day, or clear the date to see the coming weeks.' }
    : { title: 'No sessions in this range', hint: 'Create a session, or bulk-create a series, to fill the timetable.' };
}

/** After deletions the current page can fall past the last one: the last page that exists, or null to stay. */
export function pageAfterShrink(page: number | null, totalPages: number): number | null {
  return totalPages > 0 && page !== null && page > totalPages ? totalPages : null;
}

/** The sessions tab's dialogs: one open at a time, or closing. */
export type SessionDialogKind = 'create' | 'bulk-create' | 'bulk-delete' | 'edit' | 'cancel' | 'delete';
export interface SessionDialogState {
  kind: SessionDialogKind;
  session: SessionDto | null;
  /** Bulk delete: the selected sessions when the dialog opened (so it reads the same while it closes). */
  sessions: readonly SessionDto[];
  open: boolean;
  /** A new key per opening, so a form starts from its defaults (or the edited session) every time. */
  key: number;
}

/** A dialog opened: bulk delete keeps the selection of that moment; every opening has a new key. */
export function openedDialog(
  current: SessionDialogState | null,
  kind: SessionDialogKind,
  session: SessionDto | null,
  selected: ReadonlyMap<string, SessionDto>,
): SessionDialogState {
  return { kind, session, sessions: kind === 'bulk-delete' ? [...selected.values()] : [], open: true, key: (current?.key ?? 0) + 1 };
}
