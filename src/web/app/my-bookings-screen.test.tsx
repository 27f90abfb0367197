import { within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLongDate, formatShortDate } from '../../shared/rules/format';
import type { BookingDto } from '../../shared/schemas/bookings';
import type { SessionDto } from '../../shared/schemas/sessions';
import { api, http, HttpResponse, IDEMPOTENCY_KEY, recordPosts, refusal } from '../test-support/api';
import { booking, child, classType, parent, session, sessionAt, sessionsPage } from '../test-support/fixtures';
import { renderApp, screen, waitFor, withHidden } from '../test-support/render';
import { MyBookingsScreen } from './my-bookings-screen';

// The page of every booking (issue 20) with the dashboard's Cancel and Reschedule dialogs and the reschedule
// dialog's session picker (the weekly calendar, opened on the booking's week).

let bookings: BookingDto[] = [];

/** The family's reads: its bookings (`bookings`, changed by the tests' writes), no waiting entries, the week's sessions. */
function familyReads(sessions: SessionDto[] = []) {
  api.use(
    http.get('/api/me/bookings', () => HttpResponse.json(bookings)),
    http.get('/api/me/waitlist', () => HttpResponse.json([])),
    http.get('/api/me/child-stats', () => HttpResponse.json({ weekStart: new Date().toISOString(), children: [] })),
    http.get('/api/sessions', () => HttpResponse.json(sessionsPage(sessions))),
    http.get('/api/classes', () => HttpResponse.json([classType()])),
  );
}

const open = () => renderApp(<MyBookingsScreen />, { user: parent(), path: '/my-bookings' });
const upcomingRegion = () => screen.findByRole('region', { name: /^Upcoming \(\d+\)$/ });
const slowly = () => {
  let release: () => void = () => {};
  const wait = new Promise<void>((resolve) => (release = resolve));
  return { wait, release: () => release() };
};

/** A session card of the picker: the class on that Toronto day. */
function card(dialog: HTMLElement, of: SessionDto) {
  return within(within(dialog).getByRole('group', { name: formatLongDate(of.startsAt) })).getByRole('button', {
    name: new RegExp(`^${of.classType.name.replace(/[&]/g, '\\$&')}`),
  });
}

afterEach(() => {
  vi.unstubAllGlobals();
  bookings = [];
});

describe('the page of every booking', () => {
  it('lists every upcoming booking with Reschedule and Cancel, and the past 90 days with their status only', async () => {
    const upcoming = [1, 2, 3, 4, 5, 6].map((day) => booking(session(day * 24), ['Ava']));
    const past = booking(session(-72), ['Leo']);
    bookings = [...upcoming, past];
    familyReads();
    await open();

    const all = await screen.findByRole('region', { name: 'Upcoming (6)' });
    expect(within(all).getAllByRole('listitem')).toHaveLength(6);
    for (const one of upcoming) {
      expect(within(all).getByRole('button', { name: withHidden('Reschedule', `booking #${one.reference}`) })).toBeEnabled();
      expect(within(all).getByRole('button', { name: withHidden('Cancel', `booking #${one.reference}`) })).toBeEnabled();
    }
    const earlier = screen.getByRole('region', { name: 'Past 90 days (1)' });
    const item = within(earlier).getByRole('listitem');
    expect(within(item).getByText('Confirmed', { exact: true })).toBeVisible();
    expect(within(item).getByRole('link', { name: withHidden('View', `booking #${past.reference}`) })).toBeVisible();
    expect(within(earlier).queryByRole('button', { name: /^Cancel/ })).toBeNull();
    expect(within(earlier).queryByRole('button', { name: /^Reschedule/ })).toBeNull();
  });

  it('says when nothing happened in the last 90 days', async () => {
    bookings = [booking(session(24), ['Ava'])];
    familyReads();
    await open();
    expect(await screen.findByRole('region', { name: 'Past 90 days (0)' })).toHaveTextContent('No sessions in the last 90 days.');
  });

  it('says when its list could not be loaded, in words, and Try again recovers', async () => {
    let fail = true;
    bookings = [booking(session(24), ['Ava'])];
    familyReads();
    api.use(http.get('/api/me/bookings', () => (fail ? new HttpResponse('Service Unavailable', { status: 503, headers: { 'content-type': 'text/plain' } }) : undefined)));
    const { user } = await open();

    const failure = await screen.findByRole('alert');
    expect(failure).toHaveTextContent('Failed to fetch bookings');
    expect(within(failure).getByText('Something went wrong on our side. Please try again.')).toBeVisible();
    expect(failure).not.toHaveTextContent('503');
    fail = false;
    await user.click(within(failure).getByRole('button', { name: 'Try again' }));
    expect(within(await screen.findByRole('region', { name: 'Upcoming (1)' })).getAllByRole('listitem')).toHaveLength(1);
  });
});

describe('cancelling a booking', () => {
  it('asks first: Keep Booking changes nothing; Cancel Booking sends the cancel and the booking leaves the list', async () => {
    const wednesday = session(48, { classType: classType({ name: 'Speed & Agility' }) });
    const mine = booking(wednesday, ['Ava', 'Leo']);
    bookings = [mine];
    familyReads();
    const posts = recordPosts('/api/bookings/:id/cancel', () => {
      bookings = [{ ...mine, status: 'CANCELLED' }];
      return HttpResponse.json({ ...mine, status: 'CANCELLED' });
    });
    const { user } = await open();
    const cancel = withHidden('Cancel', `booking #${mine.reference}`);

    await user.click(within(await upcomingRegion()).getByRole('button', { name: cancel }));
    let prompt = await screen.findByRole('alertdialog', { name: 'Cancel Booking' });
    expect(within(prompt).getByText(formatLongDate(wednesday.startsAt))).toBeVisible();
    expect(within(prompt).getByText('Ava, Leo')).toBeVisible();
    await user.click(within(prompt).getByRole('button', { name: 'Keep Booking' }));
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(posts).toHaveLength(0);

    await user.click(within(await upcomingRegion()).getByRole('button', { name: cancel }));
    prompt = await screen.findByRole('alertdialog', { name: 'Cancel Booking' });
    await user.click(within(prompt).getByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText('Booking Cancelled', { exact: true })).toBeVisible();
    expect(screen.getByText(`Your booking for Speed & Agility on ${formatShortDate(wednesday.startsAt)} has been cancelled.`)).toBeVisible();
    expect(posts).toEqual([{ url: `/api/bookings/${mine.id}/cancel`, body: undefined, key: expect.stringMatching(IDEMPOTENCY_KEY) }]);
    await waitFor(() => expect(screen.queryByRole('alertdialog')).toBeNull());
    expect(await screen.findByRole('region', { name: 'Upcoming (0)' })).toBeVisible();
    expect(screen.getByRole('region', { name: 'Past 90 days (0)' })).toBeVisible();
  });

  it('a double click sends one request, disabled while it runs; a refusal says why and the prompt stays', async () => {
    const mine = booking(session(48), ['Ava']);
    bookings = [mine];
    familyReads();
    const answer = slowly();
    const posts = recordPosts('/api/bookings/:id/cancel', async () => {
      await answer.wait;
      return refusal(409, 'BOOKING_NOT_CHANGEABLE', 'Only future bookings can be changed');
    });
    const { user } = await open();
    await user.click(within(await upcomingRegion()).getByRole('button', { name: withHidden('Cancel', `booking #${mine.reference}`) }));
    const prompt = await screen.findByRole('alertdialog', { name: 'Cancel Booking' });

    await user.dblClick(within(prompt).getByRole('button', { name: 'Cancel Booking' }));
    expect(within(prompt).getByRole('button', { name: 'Cancelling...' })).toBeDisabled();
    expect(within(prompt).getByRole('button', { name: 'Keep Booking' })).toBeDisabled();
    answer.release();
    expect(await screen.findByText('Cancellation Failed')).toBeVisible();
    expect(screen.getByText('Only future bookings can be changed')).toBeVisible();
    expect(posts).toHaveLength(1);
    expect(prompt).toBeVisible();
    expect(within(prompt).getByRole('button', { name: 'Cancel Booking' })).toBeEnabled();
  });

  it('offline, the prompt says a change needs a connection and cannot cancel', async () => {
    vi.stubGlobal('navigator', Object.create(navigator, { onLine: { value: false } }));
    const mine = booking(session(48), ['Ava']);
    bookings = [mine];
    familyReads();
    await open();
    const all = await upcomingRegion();
    expect(within(all).getByText(/^You're offline\./)).toBeVisible();
    expect(within(all).getByRole('button', { name: withHidden('Cancel', `booking #${mine.reference}`) })).toBeDisabled();
    expect(within(all).getByRole('button', { name: withHidden('Reschedule', `booking #${mine.reference}`) })).toBeDisabled();
    // View still opens the saved confirmation (at the gym door).
    expect(within(all).getByRole('link', { name: withHidden('View', `booking #${mine.reference}`) })).toBeVisible();
  });
});

// Each of these walks the picker's week of cards (slow in jsdom on a busy machine).
describe('rescheduling a booking', { timeout: 30_000 }, () => {
  const speed = classType({ name: 'Speed & Agility' });
  const wednesday = sessionAt(1, 2, 16, 30, { classType: speed });
  const thursdayFull = sessionAt(1, 3, 16, 30, { classType: speed, capacity: 6, bookedCount: 6 });
  const fridayOne = sessionAt(1, 4, 16, 30, { classType: speed, capacity: 6, bookedCount: 5 });
  const friday = sessionAt(1, 4, 18, 0, { classType: classType({ id: classType().id, name: 'Strength Foundations' }) });

  async function openPicker(mine: BookingDto) {
    const rendered = await open();
    await rendered.user.click(within(await upcomingRegion()).getByRole('button', { name: withHidden('Reschedule', `booking #${mine.reference}`) }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Booking' });
    await within(dialog).findAllByRole('button', { name: /^Speed & Agility/ });
    return { ...rendered, dialog };
  }

  it('opens on the booking’s week: only other future sessions with spots for every child can be chosen, then a confirmation step', async () => {
    const mine = booking(wednesday, ['Ava', 'Leo']);
    bookings = [mine];
    familyReads([wednesday, thursdayFull, fridayOne, friday]);
    const posts = recordPosts('/api/bookings/:id/reschedule', () => {
      const moved = booking(friday, ['Ava', 'Leo'], { id: mine.id });
      bookings = [moved];
      return HttpResponse.json(moved);
    });
    const { user, dialog } = await openPicker(mine);

    const current = within(dialog).getByRole('region', { name: 'Current booking' });
    expect(within(current).getByText(formatLongDate(wednesday.startsAt))).toBeVisible();
    expect(card(dialog, wednesday)).toBeDisabled();
    expect(card(dialog, wednesday)).toHaveTextContent('Current');
    expect(card(dialog, thursdayFull)).toBeDisabled();
    expect(card(dialog, thursdayFull)).toHaveTextContent('Full');
    // One spot left, two children: it cannot take the booking.
    expect(card(dialog, fridayOne)).toBeDisabled();
    expect(within(dialog).getByText('No new session selected yet.')).toBeVisible();
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeDisabled();

    const target = card(dialog, friday);
    await user.click(target);
    expect(target).toHaveAttribute('aria-pressed', 'true');
    expect(dialog).toHaveTextContent(/New session: Strength Foundations, .* at 6:00 PM/);
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    expect(within(within(dialog).getByRole('region', { name: 'New session' })).getByText(formatLongDate(friday.startsAt))).toBeVisible();
    expect(within(within(dialog).getByRole('region', { name: 'Current booking' })).getByText(formatLongDate(wednesday.startsAt))).toBeVisible();

    // Back keeps the choice.
    await user.click(within(dialog).getByRole('button', { name: 'Back' }));
    expect(card(dialog, friday)).toHaveAttribute('aria-pressed', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Reschedule' }));

    expect(await screen.findByText('Booking Rescheduled')).toBeVisible();
    expect(screen.getByText(`Moved to Strength Foundations on ${formatShortDate(friday.startsAt)} at 6:00 PM.`)).toBeVisible();
    expect(posts).toEqual([{ url: `/api/bookings/${mine.id}/reschedule`, body: { newSessionId: friday.id }, key: expect.stringMatching(IDEMPOTENCY_KEY) }]);
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    expect(within(await upcomingRegion()).getByText(formatLongDate(friday.startsAt))).toBeVisible();
  });

  it('a double click on Confirm Reschedule sends one request; a refusal says why and goes back to the choice', async () => {
    const mine = booking(wednesday, ['Ava']);
    bookings = [mine];
    familyReads([wednesday, friday]);
    const answer = slowly();
    const posts = recordPosts('/api/bookings/:id/reschedule', async () => {
      await answer.wait;
      return refusal(409, 'SESSION_FULL', 'This session is full');
    });
    const { user, dialog } = await openPicker(mine);
    await user.click(card(dialog, friday));
    await user.click(within(dialog).getByRole('button', { name: 'Continue' }));

    await user.dblClick(within(dialog).getByRole('button', { name: 'Confirm Reschedule' }));
    expect(within(dialog).getByRole('button', { name: 'Rescheduling...' })).toBeDisabled();
    expect(within(dialog).getByRole('button', { name: 'Back' })).toBeDisabled();
    answer.release();
    expect(await screen.findByText('Reschedule Failed')).toBeVisible();
    expect(screen.getByText('This session is full', { exact: true })).toBeVisible();
    expect(posts).toHaveLength(1);
    expect(within(dialog).getByRole('button', { name: 'Continue' })).toBeVisible();
  });

  it('a session of a class one of the booking’s children is ruled out of cannot be chosen, and the dialog says why', async () => {
    const girls = sessionAt(1, 4, 19, 0, { classType: classType({ id: classType().id, name: 'Girls Power Hour', girlsOnly: true, minAge: 9, maxAge: 15 }) });
    const mine = booking(wednesday, ['Leo']);
    bookings = [mine];
    familyReads([wednesday, girls, friday]);
    const rendered = await renderApp(<MyBookingsScreen />, { user: parent([child('Ava'), child('Leo', { sex: 'M' })]), path: '/my-bookings' });
    await rendered.user.click(within(await upcomingRegion()).getByRole('button', { name: withHidden('Reschedule', `booking #${mine.reference}`) }));
    const dialog = await screen.findByRole('dialog', { name: 'Reschedule Booking' });
    await within(dialog).findAllByRole('button', { name: /^Speed & Agility/ });
    expect(card(dialog, girls)).toBeDisabled();
    expect(card(dialog, friday)).toBeEnabled();
    expect(within(dialog).getByText("Sessions of classes outside your children's ages (or for girls only) cannot be chosen.")).toBeVisible();
  });
});

describe('who of the family booked (issue 31)', () => {
  const guardian = (id: number, firstName: string, isYou: boolean) => ({
    id: `00000000-0000-4000-8000-00000000000${id}`,
    firstName,
    lastName: 'Parent',
    email: `${firstName.toLowerCase()}@example.com`,
    phone: null,
    copyMe: true,
    hasPassword: true,
    isYou,
  });

  it('says who booked each booking when the family has two guardians, and nothing when it has one', async () => {
    const mine = booking(session(24), ['Ava'], { bookedByGuardian: 'Pat Parent' });
    const theirs = booking(session(48), ['Leo'], { bookedByGuardian: 'Sam Parent' });
    const office = booking(session(72), ['Ava'], { bookedByGuardian: null });
    bookings = [mine, theirs, office];
    familyReads();
    const rendered = await renderApp(<MyBookingsScreen />, {
      user: parent(undefined, { guardians: [guardian(1, 'Pat', true), guardian(2, 'Sam', false)] }),
      path: '/my-bookings',
    });
    const items = within(await screen.findByRole('region', { name: 'Upcoming (3)' })).getAllByRole('listitem');
    expect(within(items[0]!).getByText('Booked by you')).toBeVisible();
    expect(within(items[1]!).getByText('Booked by Sam Parent')).toBeVisible();
    expect(within(items[2]!).queryByText(/Booked by/)).toBeNull();
    rendered.unmount();

    await renderApp(<MyBookingsScreen />, { user: parent(undefined, { guardians: [guardian(1, 'Pat', true)] }), path: '/my-bookings' });
    await screen.findByRole('region', { name: 'Upcoming (3)' });
    expect(screen.queryByText(/Booked by/)).toBeNull();
  });

  it('says what became of each child of a past booking, in words, and who was cancelled alone from an upcoming one (issue 32)', async () => {
    const came = booking(session(-72), ['Ava', 'Leo'], {
      childStates: [
        { name: 'Ava', state: 'attended' },
        { name: 'Leo', state: 'no-show' },
      ],
    });
    const cancelled = booking(session(-48), ['Ava'], { status: 'CANCELLED', childStates: [{ name: 'Ava', state: 'late-cancellation' }] });
    const leoOut = booking(session(48), ['Ava'], {
      childStates: [
        { name: 'Ava', state: 'booked' },
        { name: 'Leo', state: 'cancelled' },
      ],
    });
    const plain = booking(session(72), ['Ava', 'Leo']);
    bookings = [came, cancelled, leoOut, plain];
    familyReads();
    await open();

    const upcoming = await screen.findByRole('region', { name: 'Upcoming (2)' });
    const [first, second] = within(upcoming).getAllByRole('listitem');
    expect(within(first!).getByText('Ava — Booked')).toBeVisible();
    expect(within(first!).getByText('Leo — Cancelled')).toBeVisible();
    // Nobody cancelled alone: no attendance line before the session.
    expect(within(second!).queryByTestId('child-attendance')).toBeNull();

    const past = screen.getByRole('region', { name: 'Past 90 days (2)' });
    const items = within(past).getAllByRole('listitem');
    const texts = items.map((item) => within(item).getByTestId('child-attendance').textContent);
    expect(texts).toContain('Each child: Ava — Attended,Leo — No-show');
    expect(texts).toContain('Each child: Ava — Late cancellation');
    // Words and an icon, never colour alone.
    const ava = within(past).getByText('Ava — Attended').parentElement!;
    expect(ava.querySelector('svg')).not.toBeNull();
  });
});
