import { configure, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { adminListRange } from '../../../../shared/rules/admin-range';
import { attendanceText, type Attendance } from '../../../../shared/rules/attendance';
import { torontoDateKey, torontoMidnightOf } from '../../../../shared/rules/week';
import type { ReservationDto } from '../../../../shared/schemas/bookings';
import type { ClassTypeDto, SessionDto } from '../../../../shared/schemas/sessions';
import { api, http, HttpResponse } from '../../../test-support/api';
import { admin, booking, classType, session, uuid } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { ReservationsTab } from './reservations-tab';

// The Reservations tab's attendance (issue 22) below the browser: each row shows the attendance the server answers
// ('attended', 'no-show' or nothing), and the Class and Date filters narrow the request the tab sends and show the
// server's answer for it. That the server answers 'attended' only once the session has started is covered by
// src/server/routes/admin/attendance-reports.test.ts; the journey of checking a child in at the door stays in
// e2e/admin-check-in.spec.ts.

configure({ asyncUtilTimeout: 5_000 });

const speed = classType();
const strength = classType({ id: uuid(0xc1a5, 2), code: 'STRENGTH', name: 'Strength Training' });

const dora = { firstName: 'Dora', lastName: 'Door', email: 'dora@example.com' };
const priya = { firstName: 'Priya', lastName: 'Patel', email: 'priya@example.com' };
const sam = { firstName: 'Sam', lastName: 'Stone', email: 'sam@example.com' };

/** A Toronto day (YYYY-MM-DD) `days` from today. */
const dayFromToday = (days: number) => torontoDateKey(Date.now() + days * 86_400_000);

/** A session of `of` on a Toronto day at a Toronto hour (an hour long). */
function sessionOn(day: string, hour: number, of: ClassTypeDto = speed): SessionDto {
  const start = new Date(torontoMidnightOf(day).getTime() + hour * 3_600_000);
  return session(0, { startsAt: start.toISOString(), endsAt: new Date(start.getTime() + 3_600_000).toISOString(), classType: of });
}

let familySeq = 0;
/** A row of the report as the server answers it: the family's booking of `at`, each child's check-in, the attendance. */
function reservation(at: SessionDto, who: typeof dora, children: Array<[name: string, checkedInAt: string | null]>, attendance: Attendance | null): ReservationDto {
  familySeq += 1;
  return {
    ...booking(at, children.map(([name]) => name), { user: who }),
    userId: uuid(0x05e4, familySeq),
    bookedBy: 'FAMILY',
    bookedByName: null,
    note: null,
    attendance,
    children: children.map(([name, checkedInAt]) => ({ name, checkedInAt })),
  };
}

/**
 * GET /api/classes, and GET /api/admin/reservations answered as the server would: the rows whose session starts on a
 * Toronto day from `from` to `to`, of `classCode` when given. Returns each request's query parameters.
 */
function reportOf(rows: ReservationDto[]) {
  const requests: Array<Record<string, string>> = [];
  api.use(
    http.get('/api/classes', () => HttpResponse.json([speed, strength])),
    http.get('/api/admin/reservations', ({ request }) => {
      const query = Object.fromEntries(new URL(request.url).searchParams);
      requests.push(query);
      const answer = rows.filter((row) => {
        const day = torontoDateKey(row.session.startsAt);
        return day >= query.from! && day <= query.to! && (!query.classCode || row.session.classType.code === query.classCode);
      });
      return HttpResponse.json(answer);
    }),
  );
  return requests;
}

async function openTab() {
  const rendered = await renderApp(<ReservationsTab />, { user: admin() });
  const table = await screen.findByRole('table', { name: /^Reservations / });
  /** The table's rows of a family (by the parent's name). */
  const rowsOf = (who: typeof dora) => within(table).queryAllByRole('row').filter((row) => row.textContent?.includes(`${who.firstName} ${who.lastName}`));
  const rowOf = (who: typeof dora) => {
    const [found, ...more] = rowsOf(who);
    if (!found || more.length > 0) throw new Error(`Not one row for ${who.firstName}`);
    return found;
  };
  return { ...rendered, table, rowsOf, rowOf };
}

const says = (row: HTMLElement, attendance: Attendance) => within(row).queryByText(attendanceText(attendance), { exact: true }) !== null;

describe('Reservations tab', { timeout: 30_000 }, () => {
  it("each row shows the attendance the server answers: 'attended', 'no-show', or none", async () => {
    const today = dayFromToday(0);
    const checkedIn = new Date(torontoMidnightOf(today).getTime() + 8.9 * 3_600_000).toISOString();
    const requests = reportOf([
      reservation(sessionOn(today, 9), dora, [['Noah', checkedIn]], 'attended'),
      reservation(sessionOn(today, 10), priya, [['Ava', null]], 'no-show'),
      reservation(sessionOn(today, 23), sam, [['Leo', null]], null),
    ]);
    const { rowOf } = await openTab();
    await waitFor(() => rowOf(sam));

    // The default range (7 days back to 30 ahead), every class: the cards' read and the table's are the same.
    expect(requests).toContainEqual(adminListRange(new Date()));
    expect(requests.every((query) => !('classCode' in query))).toBe(true);

    expect(within(rowOf(dora)).getByText(attendanceText('attended'), { exact: true })).toBeVisible();
    expect(says(rowOf(dora), 'no-show')).toBe(false);
    expect(within(rowOf(priya)).getByText(attendanceText('no-show'), { exact: true })).toBeVisible();
    expect(says(rowOf(priya), 'attended')).toBe(false);
    expect(says(rowOf(sam), 'attended')).toBe(false);
    expect(says(rowOf(sam), 'no-show')).toBe(false);
    // The booking itself still reads Confirmed, with its child.
    expect(within(rowOf(sam)).getByText('Confirmed')).toBeVisible();
    expect(within(rowOf(sam)).getByText('Leo')).toBeVisible();
  });

  it("a Class and a Date narrow the request, and the family's two bookings of that day show, only the started one attended", async () => {
    const today = dayFromToday(0);
    const checkedIn = new Date(torontoMidnightOf(today).getTime() + 8.9 * 3_600_000).toISOString();
    const requests = reportOf([
      // The day's session that has started (Noah checked in) and a later one (Mia checked in early: no attendance yet).
      reservation(sessionOn(today, 9), dora, [['Noah', checkedIn]], 'attended'),
      reservation(sessionOn(today, 23), dora, [['Mia', checkedIn], ['Noah', null]], null),
      // Another day of the family, and another class of the same day.
      reservation(sessionOn(dayFromToday(-2), 9), dora, [['Mia', null]], 'no-show'),
      reservation(sessionOn(today, 10, strength), priya, [['Ava', null]], 'no-show'),
    ]);
    const { user, rowsOf } = await openTab();
    await waitFor(() => expect(rowsOf(dora)).toHaveLength(3));
    expect(rowsOf(priya)).toHaveLength(1);

    // The option element itself: user-event matches a label by its innerHTML, where '&' is '&amp;'.
    const classFilter = screen.getByRole('combobox', { name: 'Class' });
    await user.selectOptions(classFilter, within(classFilter).getByRole('option', { name: speed.name }));
    await user.type(screen.getByLabelText('Date', { exact: true }), today);

    // The table asks for that class on that day; the count cards for every class on that day.
    await waitFor(() => expect(requests).toContainEqual({ classCode: speed.code, from: today, to: today }));
    expect(requests).toContainEqual({ from: today, to: today });
    await waitFor(() => expect(rowsOf(dora)).toHaveLength(2));
    expect(rowsOf(priya)).toHaveLength(0);

    const familyRows = rowsOf(dora);
    const attended = familyRows.filter((row) => says(row, 'attended'));
    expect(attended).toHaveLength(1);
    expect(attended[0]).toHaveTextContent('Noah');
    expect(attended[0]).not.toHaveTextContent('Mia');
    expect(familyRows.filter((row) => says(row, 'no-show'))).toHaveLength(0);
  });
});
