import { describe, expect, it } from 'vitest';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import {
  emptyStateOf,
  jumpTargetOf,
  openedDialog,
  pageAfterShrink,
  rangeTextOf,
  selectionAfter,
  selectionWithout,
  shownRows,
  todayPageOf,
} from './sessions-tab-rules';

const session = (id: string, startsAt = '2026-03-10T14:00:00.000Z') => ({ id, startsAt }) as SessionDto;

describe('the Sessions tab', () => {
  it("opens at the page holding today's first session", () => {
    expect(todayPageOf({ date: '', beforeToday: 0, beforeTodayFailed: false, pageSize: 25 })).toBe(1);
    expect(todayPageOf({ date: '', beforeToday: 24, beforeTodayFailed: false, pageSize: 25 })).toBe(1);
    expect(todayPageOf({ date: '', beforeToday: 25, beforeTodayFailed: false, pageSize: 25 })).toBe(2);
    expect(todayPageOf({ date: '', beforeToday: 60, beforeTodayFailed: false, pageSize: 25 })).toBe(3);
    // Loading: no page yet; the count failed or one day is chosen: the first page.
    expect(todayPageOf({ date: '', beforeToday: undefined, beforeTodayFailed: false, pageSize: 25 })).toBeNull();
    expect(todayPageOf({ date: '', beforeToday: undefined, beforeTodayFailed: true, pageSize: 25 })).toBe(1);
    expect(todayPageOf({ date: '2026-03-10', beforeToday: 60, beforeTodayFailed: false, pageSize: 25 })).toBe(1);
  });

  it("jumps to the first row starting today or later, else the page's last", () => {
    const today = new Date('2026-03-10T04:00:00.000Z');
    const rows = [session('a', '2026-03-09T22:00:00.000Z'), session('b', '2026-03-10T13:00:00.000Z'), session('c', '2026-03-11T13:00:00.000Z')];
    expect(jumpTargetOf(rows, today)).toBe('b');
    expect(jumpTargetOf(rows.slice(0, 1), today)).toBe('a');
    expect(jumpTargetOf([], today)).toBeUndefined();
  });

  it('keeps the selection across pages and drops what a dialog removed', () => {
    const a = session('a');
    const b = session('b');
    const current = new Map([['a', a]]);
    const next = selectionAfter(current, ['a', 'b', 'gone'], [b]);
    expect([...next.keys()]).toEqual(['a', 'b']);
    expect(next.get('a')).toBe(a);
    expect([...selectionWithout(next, [a]).keys()]).toEqual(['b']);
    expect([...next.keys()]).toEqual(['a', 'b']);
  });

  it('numbers the rows on screen', () => {
    expect(shownRows(0, 1, 25)).toEqual({ first: 0, last: 0 });
    expect(shownRows(60, 1, 25)).toEqual({ first: 1, last: 25 });
    expect(shownRows(60, 3, 25)).toEqual({ first: 51, last: 60 });
  });

  it('says which sessions the list shows and why it is empty', () => {
    expect(rangeTextOf('', { from: '2026-03-03', to: '2026-04-09' })).toBe(
      'Sessions from Tue, Mar 3, 2026 to Thu, Apr 9, 2026 (7 days ago to 30 days ahead). Pick a date to see any other day.',
    );
    expect(rangeTextOf('2026-03-10', { from: '2026-03-10', to: '2026-03-10' })).toMatch(/^Sessions on .*March 10, 2026\.$/);
    expect(emptyStateOf('').title).toBe('No sessions in this range');
    expect(emptyStateOf('2026-03-10').title).toBe('No sessions on this day');
  });
});

describe('the sessions tab: filters, pages and dialogs', () => {
  it('goes to the last page left when deletions shrink the list under the page shown', () => {
    expect(pageAfterShrink(4, 3)).toBe(3);
    expect(pageAfterShrink(3, 3)).toBeNull();
    expect(pageAfterShrink(2, 0)).toBeNull();
    expect(pageAfterShrink(null, 3)).toBeNull();
  });

  it('opens each dialog with a new key, bulk delete with the selection of that moment', () => {
    const selected = new Map([
      ['a', session('a')],
      ['b', session('b')],
    ]);
    const edit = openedDialog(null, 'edit', session('c'), selected);
    expect(edit).toEqual({ kind: 'edit', session: session('c'), sessions: [], open: true, key: 1 });
    const bulk = openedDialog({ ...edit, open: false }, 'bulk-delete', null, selected);
    expect(bulk).toEqual({ kind: 'bulk-delete', session: null, sessions: [session('a'), session('b')], open: true, key: 2 });
  });
});
