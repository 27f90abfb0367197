import { within } from '@testing-library/react';
import { addDays, addWeeks } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLongDate, weekRangeLabel } from '../../../../shared/rules/format';
import { startOfTorontoWeek } from '../../../../shared/rules/week';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import { api, http, HttpResponse } from '../../../test-support/api';
import { classType, parent, sessionAt, sessionsPage } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { WeeklyCalendar, type WeeklyCalendarProps } from './weekly-calendar';

// The weekly calendar as the dashboard shows it: Toronto weeks (the tests run in Tokyo's zone under npm test), the
// two-week window, the class filter, and which cards can be opened. The booking dialog it opens is tested on its own.

const speed = classType({ code: 'SPEED', name: 'Speed & Agility' });
const girls = classType({ id: '00000000-c1a5-4000-8000-000000000002', code: 'GIRLS', name: 'Girls Power Hour' });
const strength = classType({ id: '00000000-c1a5-4000-8000-000000000003', code: 'STRENGTH', name: 'Strength Foundations' });

/** GET /api/sessions answered with `sessions` (filtered by classCode as the server does); the addresses asked for. */
function sessionsRead(sessions: SessionDto[]) {
  const asked: URL[] = [];
  api.use(
    http.get('/api/classes', () => HttpResponse.json([speed, girls, strength])),
    http.get('/api/sessions', ({ request }) => {
      const url = new URL(request.url);
      asked.push(url);
      const code = url.searchParams.get('classCode');
      return HttpResponse.json(sessionsPage(sessions.filter((s) => !code || s.classType.code === code)));
    }),
  );
  return asked;
}

async function renderCalendar(props: Partial<WeeklyCalendarProps> = {}) {
  const onSelectSession = vi.fn();
  const rendered = await renderApp(<WeeklyCalendar title="Weekly Calendar" bookedSessionIds={new Set()} onSelectSession={onSelectSession} {...props} />, {
    user: parent(),
  });
  const calendar = screen.getByRole('region', { name: 'Weekly Calendar' });
  await waitFor(() => expect(within(calendar).queryByRole('status', { name: 'Loading sessions' })).toBeNull());
  return { ...rendered, calendar, onSelectSession };
}

/** The card of a session: its class, on its Toronto day. */
function card(calendar: HTMLElement, of: SessionDto) {
  return within(within(calendar).getByRole('group', { name: formatLongDate(of.startsAt) })).getByRole('button', {
    name: new RegExp(`^${of.classType.name.replace('&', '\\&')}`),
  });
}

const weekLabel = (weekStart: Date) => weekRangeLabel(weekStart, addDays(weekStart, 6));

afterEach(() => {
  vi.useRealTimers();
  vi.unstubAllGlobals();
});

describe('weekly calendar', () => {
  it('moves between the current week and the next one only, focus staying on a usable button', async () => {
    sessionsRead([]);
    const onWeekChange = vi.fn();
    const { user, calendar } = await renderCalendar({ onWeekChange });
    const thisWeek = startOfTorontoWeek(new Date());
    const previous = within(calendar).getByRole('button', { name: 'Previous week' });
    const next = within(calendar).getByRole('button', { name: 'Next week' });

    expect(within(calendar).getByText(weekLabel(thisWeek), { exact: true })).toBeVisible();
    expect(within(calendar).getByText('Two-week booking window')).toBeVisible();
    expect(within(calendar).getByText(/Booking is limited to the next two weeks/)).toBeVisible();
    expect(previous).toBeDisabled();
    expect(next).toBeEnabled();
    const days = within(calendar).getAllByRole('group');
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveAccessibleName(formatLongDate(thisWeek));
    expect(days[6]).toHaveAccessibleName(formatLongDate(addDays(thisWeek, 6)));
    // Today is the Toronto date, whatever the machine's zone.
    expect(within(calendar).getByRole('group', { current: 'date' })).toHaveAccessibleName(formatLongDate(new Date()));

    await user.click(next);
    expect(within(calendar).getByText(weekLabel(addWeeks(thisWeek, 1)), { exact: true })).toBeVisible();
    expect(next).toBeDisabled();
    expect(previous).toBeEnabled();
    expect(previous).toHaveFocus();
    expect(within(calendar).getAllByRole('group')[0]).toHaveAccessibleName(formatLongDate(addWeeks(thisWeek, 1)));
    expect(onWeekChange).toHaveBeenLastCalledWith(1);

    await user.click(previous);
    expect(within(calendar).getByText(weekLabel(thisWeek), { exact: true })).toBeVisible();
    expect(previous).toBeDisabled();
    expect(next).toHaveFocus();
    expect(onWeekChange).toHaveBeenLastCalledWith(0);
  });

  it('shows Toronto times on Toronto days; a card opens with a click, Enter or Space', async () => {
    const wednesday = sessionAt(1, 2, 16, 30, { classType: speed });
    const lateWednesday = sessionAt(1, 2, 19, 15, { classType: strength });
    sessionsRead([wednesday, lateWednesday]);
    const { user, calendar, onSelectSession } = await renderCalendar();
    await user.click(within(calendar).getByRole('button', { name: 'Next week' }));

    const day = within(calendar).getByRole('group', { name: formatLongDate(wednesday.startsAt) });
    expect(card(calendar, wednesday)).toHaveTextContent('4:30 PM');
    expect(card(calendar, lateWednesday)).toHaveTextContent('7:15 PM');
    expect(within(day).getAllByRole('button')).toHaveLength(2);
    await user.click(card(calendar, wednesday));
    expect(onSelectSession).toHaveBeenLastCalledWith(wednesday);
    card(calendar, lateWednesday).focus();
    await user.keyboard('{Enter}');
    expect(onSelectSession).toHaveBeenLastCalledWith(lateWednesday);
    await user.keyboard(' ');
    expect(onSelectSession).toHaveBeenCalledTimes(3);
  });

  it('the class filter asks the server for one class and shows only its sessions', async () => {
    const wednesday = sessionAt(1, 2, 16, 30, { classType: speed });
    const tuesday = sessionAt(1, 1, 18, 0, { classType: girls });
    const asked = sessionsRead([wednesday, tuesday]);
    const { user, calendar } = await renderCalendar();
    await user.click(within(calendar).getByRole('button', { name: 'Next week' }));
    const filter = within(calendar).getByRole('combobox', { name: 'Class' });
    expect(filter).toHaveValue('all');
    expect(card(calendar, wednesday)).toBeVisible();

    await user.selectOptions(filter, 'Girls Power Hour');
    await waitFor(() => expect(asked.at(-1)?.searchParams.get('classCode')).toBe('GIRLS'));
    expect(await within(calendar).findByRole('button', { name: /^Girls Power Hour/ })).toBeVisible();
    expect(within(calendar).queryByRole('button', { name: /^Speed & Agility/ })).toBeNull();

    await user.selectOptions(filter, 'all');
    expect(await within(calendar).findByRole('button', { name: /^Speed & Agility/ })).toBeVisible();
  });

  it('marks each card: Booked, Full (which still opens, for the waitlist), and the family’s place in line', async () => {
    const booked = sessionAt(1, 1, 16, 30, { classType: speed });
    const full = sessionAt(1, 2, 18, 0, { classType: strength, capacity: 6, bookedCount: 6 });
    const waiting = sessionAt(1, 4, 6, 10, { classType: speed, capacity: 1, bookedCount: 1 });
    sessionsRead([booked, full, waiting]);
    const { user, calendar, onSelectSession } = await renderCalendar({
      bookedSessionIds: new Set([booked.id]),
      waitlistPositions: new Map([[waiting.id, 1]]),
    });
    await user.click(within(calendar).getByRole('button', { name: 'Next week' }));

    expect(card(calendar, booked)).toHaveTextContent('Booked');
    expect(card(calendar, full)).toHaveTextContent('Full');
    expect(card(calendar, full)).toBeEnabled();
    expect(card(calendar, waiting)).toHaveAccessibleName(/Waitlist #1/);
    await user.click(card(calendar, full));
    expect(onSelectSession).toHaveBeenCalledWith(full);
  });

  it('a session that has started cannot be opened; next week still can', async () => {
    // Thursday 8:00 PM in Toronto: this Monday's 4:30 PM session has started.
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(sessionAt(0, 3, 20, 0).startsAt);
    const past = sessionAt(0, 0, 16, 30, { classType: speed });
    const later = sessionAt(1, 0, 16, 30, { classType: speed });
    sessionsRead([past, later]);
    const { user, calendar, onSelectSession } = await renderCalendar();

    expect(within(calendar).getByRole('group', { current: 'date' })).toHaveAccessibleName(formatLongDate(sessionAt(0, 3, 20, 0).startsAt));
    expect(await within(calendar).findByRole('button', { name: /^Speed & Agility/ })).toBe(card(calendar, past));
    expect(card(calendar, past)).toBeDisabled();
    await user.click(within(calendar).getByRole('button', { name: 'Next week' }));
    expect(card(calendar, later)).toBeEnabled();
    await user.click(card(calendar, later));
    expect(onSelectSession).toHaveBeenCalledOnce();
  });

  it('a card says who the class is for, the spots left, and Nearly full above 80% booked (issue 33)', async () => {
    const teens = classType({ id: '00000000-c1a5-4000-8000-000000000004', code: 'TEEN', name: 'Teen Girls Sprint', minAge: 9, maxAge: 15, girlsOnly: true });
    const nearlyFull = sessionAt(1, 2, 16, 30, { classType: speed, capacity: 10, bookedCount: 9 });
    const open = sessionAt(1, 3, 18, 0, { classType: teens, capacity: 10, bookedCount: 8 });
    const full = sessionAt(1, 4, 18, 0, { classType: strength, capacity: 5, bookedCount: 5 });
    sessionsRead([nearlyFull, open, full]);
    const { user, calendar } = await renderCalendar();
    await user.click(within(calendar).getByRole('button', { name: 'Next week' }));

    expect(card(calendar, nearlyFull)).toHaveTextContent(/Nearly full\s*1 spot left/);
    expect(card(calendar, open)).toHaveTextContent('Ages 9-15 · Girls only');
    expect(card(calendar, open)).toHaveTextContent('2 spots left');
    expect(card(calendar, open)).not.toHaveTextContent('Nearly full'); // 80% booked is not above 80%
    expect(card(calendar, full)).toHaveTextContent('Full');
    expect(card(calendar, full)).not.toHaveTextContent('left');
  });

  it('this week’s past days fold behind a button that says how many (issue 33: phones; the 7 columns ignore it)', async () => {
    vi.useFakeTimers({ toFake: ['Date'], shouldAdvanceTime: true });
    vi.setSystemTime(sessionAt(0, 3, 20, 0).startsAt); // Thursday
    sessionsRead([]);
    const { user, calendar } = await renderCalendar();
    const toggle = within(calendar).getByRole('button', { name: 'Show 3 earlier days' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    const earlier = document.getElementById(toggle.getAttribute('aria-controls')!)!;
    expect(within(earlier).getAllByRole('group').map((day) => day.getAttribute('aria-label'))).toEqual(
      [0, 1, 2].map((day) => formatLongDate(sessionAt(0, day, 12, 0).startsAt)),
    );
    await user.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    expect(toggle).toHaveAccessibleName('Hide earlier days');
    await user.click(within(calendar).getByRole('button', { name: 'Next week' }));
    expect(within(calendar).queryByRole('button', { name: /earlier day/ })).toBeNull();
  });

  it('a failed read says so in words for people, never a status code or a proxy page, and Try again recovers', async () => {
    let fail = true;
    const monday = sessionAt(1, 0, 16, 30, { classType: speed });
    sessionsRead([monday]);
    api.use(
      http.get('/api/sessions', () =>
        fail ? new HttpResponse('<html><body><h1>502 Bad Gateway</h1></body></html>', { status: 502, headers: { 'content-type': 'text/html' } }) : undefined,
      ),
    );
    const { user, calendar } = await renderCalendar();
    const failure = await within(calendar).findByRole('alert');
    expect(within(failure).getByText('Failed to fetch sessions')).toBeVisible();
    expect(within(failure).getByText('Something went wrong on our side. Please try again.')).toBeVisible();
    expect(failure).not.toHaveTextContent('502');

    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    await waitFor(() => expect(within(calendar).queryByRole('alert')).toBeNull());
  });

  it('a refusal with a message shows the server’s words', async () => {
    sessionsRead([]);
    api.use(http.get('/api/sessions', () => HttpResponse.json({ message: 'Try later' }, { status: 503 })));
    const { calendar } = await renderCalendar();
    expect(await within(calendar).findByText('Try later')).toBeVisible();
  });

  it('offline, the week shows as last saved but no card opens', async () => {
    vi.stubGlobal('navigator', Object.create(navigator, { onLine: { value: false } }));
    const monday = sessionAt(1, 0, 16, 30, { classType: speed });
    sessionsRead([monday]);
    const { user, calendar } = await renderCalendar();
    expect(within(calendar).getByText(/^You're offline\./)).toBeVisible();
    await user.click(within(calendar).getByRole('button', { name: 'Next week' }));
    expect(card(calendar, monday)).toBeDisabled();
  });
});

describe('closed days (issue 32)', () => {
  it("a closed day says 'Closed — <reason>' in its own column, and its sessions still show as the server sends them", async () => {
    const thisWeek = startOfTorontoWeek(new Date());
    const tuesday = addDays(thisWeek, 1);
    const key = (d: Date) => new Intl.DateTimeFormat('en-CA', { timeZone: 'America/Toronto' }).format(d);
    sessionsRead([]);
    api.use(http.get('/api/closures', () => HttpResponse.json({ closures: [{ id: 'c1', startDate: key(tuesday), endDate: key(tuesday), reason: 'Snow day', createdAt: new Date().toISOString() }] })));
    const { calendar } = await renderCalendar();
    const day = within(calendar).getByRole('group', { name: formatLongDate(tuesday) });
    expect(await within(day).findByText('Closed — Snow day')).toBeVisible();
    expect(within(day).queryByText('No sessions')).toBeNull();
    const monday = within(calendar).getByRole('group', { name: formatLongDate(thisWeek) });
    expect(within(monday).queryByText(/Closed/)).toBeNull();
    // Found once the week's (empty) read has rendered: after a test with a faked clock it may still be on its way.
    expect(await within(monday).findByText('No sessions')).toBeVisible();
  });
});
