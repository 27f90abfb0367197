import { subDays, subYears } from 'date-fns';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { formatLongDate } from '../../../../shared/rules/format';
import { torontoDateKey } from '../../../../shared/rules/week';
import type { SessionDto } from '../../../../shared/schemas/sessions';
import type { Child } from '../../../../shared/schemas/users';
import { api, http, HttpResponse, IDEMPOTENCY_KEY as UUID, recordPosts, refusal } from '../../../test-support/api';
import { booking, child, classType, parent, session, waitlistEntry } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor, withHidden } from '../../../test-support/render';
import { BookingDialog, type LeaveWaitlist, type ManageBooking } from './booking-dialog';

/** The family's reads the dialog makes: the week's child stats (issue 32: with the ends of its credits), its bookings and waiting entries. */
function familyReads(stats: { name: string; used: number; limit: number; makeupCreditExpiries?: string[] }[], bookings: unknown[] = [], waitlist: unknown[] = []) {
  api.use(
    http.get('/api/me/child-stats', () =>
      HttpResponse.json({
        weekStart: new Date().toISOString(),
        children: stats.map(({ makeupCreditExpiries = [], ...s }) => ({ ...s, remaining: s.limit - s.used, makeupCredits: makeupCreditExpiries.length, makeupCreditExpiries })),
      }),
    ),
    http.get('/api/me/bookings', () => HttpResponse.json(bookings)),
    http.get('/api/me/waitlist', () => HttpResponse.json(waitlist)),
  );
}

const freeWeek = [
  { name: 'Ava', used: 0, limit: 2 },
  { name: 'Leo', used: 0, limit: 2 },
];

interface OpenOptions {
  children?: Child[];
  onOpenChange?: (open: boolean) => void;
  onManageBooking?: ManageBooking;
  onLeaveWaitlist?: LeaveWaitlist;
}

async function openDialog(opened: SessionDto, options: OpenOptions = {}) {
  const onOpenChange = options.onOpenChange ?? vi.fn();
  const rendered = await renderApp(
    <BookingDialog
      session={opened}
      open
      onOpenChange={onOpenChange}
      onManageBooking={options.onManageBooking}
      onLeaveWaitlist={options.onLeaveWaitlist}
    />,
    { user: parent(options.children ?? [child('Ava'), child('Leo')]) },
  );
  const dialog = await screen.findByRole('dialog', { name: 'Book Session' });
  return { ...rendered, dialog, onOpenChange };
}

afterEach(() => {
  vi.unstubAllGlobals();
});

describe('booking dialog: choosing children', () => {
  it('books the children ticked, in the account order, and says so', async () => {
    const opened = session(48);
    familyReads(freeWeek);
    const posts = recordPosts('/api/bookings', () => HttpResponse.json(booking(opened, ['Ava', 'Leo']), { status: 201 }));
    const { user, location, onOpenChange } = await openDialog(opened);

    await user.click(await screen.findByRole('checkbox', { name: /Leo/ }));
    await user.click(screen.getByRole('checkbox', { name: /Ava/ }));
    expect(screen.getByText('This will book 2 spots in the session.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Book Session' }));

    expect(await screen.findByText('Booking Confirmed!')).toBeVisible();
    expect(screen.getByText('Successfully booked for Ava, Leo')).toBeVisible();
    expect(posts).toEqual([{ url: '/api/bookings', body: { sessionId: opened.id, childNames: ['Ava', 'Leo'] }, key: expect.stringMatching(UUID) }]);
    await waitFor(() => expect(location()).toMatch(/^\/booking-confirmation\//));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('shows the session and its class, and needs a child: No Children Selected, then the spots summary', async () => {
    const girls = session(48, {
      classType: classType({ code: 'GIRLS', name: 'Girls Power Hour', minAge: 9, maxAge: 15, girlsOnly: true, description: 'A girls-only session of games.' }),
    });
    familyReads(freeWeek);
    const { user, dialog } = await openDialog(girls);

    expect(screen.getByText('Girls Power Hour', { exact: true })).toBeVisible();
    expect(screen.getByText(formatLongDate(girls.startsAt))).toBeVisible();
    expect(screen.getByText('Main Gym')).toBeVisible();
    expect(screen.getByText('10 spots left')).toBeVisible();
    expect(screen.getByText('Select Children for this Session')).toBeVisible();
    expect(screen.getByText('Class Details')).toBeVisible();
    expect(screen.getByText('Ages: 9-15 (Girls Only)', { exact: true })).toBeVisible();
    expect(screen.getByText('A girls-only session of games.')).toBeVisible();

    const book = screen.getByRole('button', { name: 'Book Session' });
    const ava = await screen.findByRole('checkbox', { name: /Ava/ });
    const leo = screen.getByRole('checkbox', { name: /Leo/ });
    expect(ava).not.toBeChecked();
    expect(leo).not.toBeChecked();
    expect(book).toHaveAttribute('aria-disabled', 'true');

    // It reads disabled, yet pressing it says why nothing happens (and sends nothing: no handler answers a POST).
    await user.click(book);
    expect(await screen.findByText('No Children Selected')).toBeVisible();
    expect(screen.getByText('Please select at least one child for this session.')).toBeVisible();
    expect(dialog).toBeVisible();

    await user.click(ava);
    expect(book).toHaveAttribute('aria-disabled', 'false');
    expect(dialog).toHaveTextContent('Selected: Ava');
    expect(screen.queryByText(/This will book/)).toBeNull();
    await user.click(leo);
    expect(dialog).toHaveTextContent('Selected: Ava, Leo');
    expect(screen.getByText('This will book 2 spots in the session.')).toBeVisible();

    await user.click(ava);
    await user.click(leo);
    expect(book).toHaveAttribute('aria-disabled', 'true');
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
  });

  it('Cancel closes the dialog without a request', async () => {
    familyReads(freeWeek);
    const { user, onOpenChange } = await openDialog(session(48));
    await user.click(await screen.findByRole('checkbox', { name: /Ava/ }));
    await user.click(screen.getByRole('button', { name: 'Cancel' }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('an account without children is told to contact the office', async () => {
    familyReads([]);
    await openDialog(session(48), { children: [] });
    expect(screen.getByText('There are no children on your account yet. Please contact our office to add them.')).toBeVisible();
    expect(screen.queryByRole('checkbox')).toBeNull();
  });
});

describe('booking dialog: weekly limits, bookings and eligibility of each child', () => {
  it('a child at the weekly limit is greyed with the count; the others say what is left that week', async () => {
    // A week ahead is always next week in Toronto.
    const later = session(7 * 24 + 2);
    familyReads([
      { name: 'Ava', used: 1, limit: 2 },
      { name: 'Leo', used: 1, limit: 1 },
    ]);
    const { user } = await openDialog(later, { children: [child('Ava'), child('Leo', { weeklyLimit: 1 })] });

    const leo = await screen.findByRole('checkbox', { name: /Leo/ });
    await waitFor(() => expect(leo).toBeDisabled());
    expect(screen.getByText('Weekly limit reached (1 of 1)')).toBeVisible();
    expect(screen.getByText('1 of 2 left next week')).toBeVisible();
    const ava = screen.getByRole('checkbox', { name: /Ava/ });
    expect(ava).toBeEnabled();
    expect(ava).toHaveAccessibleDescription('1 of 2 left next week');
    await user.click(ava);
    expect(screen.getByRole('button', { name: 'Book Session' })).toHaveAttribute('aria-disabled', 'false');
  });

  it('a child at the weekly limit with a make-up credit for the session can be booked, and the dialog says the credit is used (issue 32)', async () => {
    const later = session(7 * 24 + 2);
    const afterIt = new Date(new Date(later.startsAt).getTime() + 10 * 86_400_000).toISOString();
    familyReads([
      { name: 'Ava', used: 1, limit: 1, makeupCreditExpiries: [later.startsAt] },
      { name: 'Leo', used: 1, limit: 1, makeupCreditExpiries: [afterIt] },
    ]);
    const posts = recordPosts('/api/bookings', () => HttpResponse.json(booking(later, ['Leo']), { status: 201 }));
    const { user } = await openDialog(later, { children: [child('Ava', { weeklyLimit: 1 }), child('Leo', { weeklyLimit: 1 })] });

    // Ava's credit ends at the session's start: it does not cover it.
    const ava = await screen.findByRole('checkbox', { name: /Ava/ });
    await waitFor(() => expect(ava).toBeDisabled());
    expect(ava).toHaveAccessibleDescription('Weekly limit reached (1 of 1)');
    const leo = screen.getByRole('checkbox', { name: /Leo/ });
    expect(leo).toBeEnabled();
    expect(leo).toHaveAccessibleDescription('Weekly limit reached — uses a make-up credit');

    await user.click(leo);
    expect(screen.getByText("Leo's booking uses a make-up credit.")).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Book Session' }));
    expect(await screen.findByText('Booking Confirmed!')).toBeVisible();
    expect(posts.map((post) => post.body)).toEqual([{ sessionId: later.id, childNames: ['Leo'] }]);
  });

  it('with no child bookable the dialog says why, naming each child, instead of offering Book', async () => {
    familyReads([
      { name: 'Ava', used: 2, limit: 2 },
      { name: 'Leo', used: 1, limit: 1 },
    ]);
    await openDialog(session(7 * 24 + 2), { children: [child('Ava'), child('Leo', { weeklyLimit: 1 })] });
    expect(
      await screen.findByText('None of your children can be booked into this session. Ava: weekly limit reached (2 of 2); Leo: weekly limit reached (1 of 1).'),
    ).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Book Session' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeEnabled();
  });

  it('a child already booked here is shown as booked; Manage booking offers Reschedule, Cancel and View of that booking', async () => {
    const opened = session(7 * 24 + 2);
    const avas = booking(opened, ['Ava']);
    familyReads(
      [
        { name: 'Ava', used: 1, limit: 2 },
        { name: 'Leo', used: 0, limit: 1 },
      ],
      [avas],
    );
    const onManageBooking = vi.fn();
    const { user, onOpenChange } = await openDialog(opened, { children: [child('Ava'), child('Leo', { weeklyLimit: 1 })], onManageBooking });

    const manage = await screen.findByRole('region', { name: 'Manage booking' });
    expect(screen.getByRole('checkbox', { name: /Ava/ })).toBeDisabled();
    expect(screen.getByText('Already booked')).toBeVisible();
    expect(screen.getByText('1 of 1 left next week')).toBeVisible();
    expect(manage).toHaveTextContent(`Ava booked #${avas.reference}`);
    expect(screen.getByRole('link', { name: withHidden('View', `booking #${avas.reference}`) })).toHaveAttribute('href', `/booking-confirmation/${avas.id}`);
    expect(screen.getByRole('button', { name: withHidden('Reschedule', `booking #${avas.reference}`) })).toBeEnabled();
    // Leo can still go.
    expect(screen.getByRole('checkbox', { name: /Leo/ })).toBeEnabled();

    await user.click(screen.getByRole('button', { name: withHidden('Cancel', `booking #${avas.reference}`) }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onManageBooking).toHaveBeenCalledWith('cancel', avas);
  });

  it('a date of birth or a sex the class rules out greys the child with the server’s reason', async () => {
    // Ava is 10 on every day of the next fortnight.
    const avaBirthDate = torontoDateKey(subDays(subYears(new Date(), 10), 30));
    const family = [child('Ava', { birthDate: avaBirthDate }), child('Leo', { sex: 'M' })];
    familyReads(freeWeek);
    const movers = session(48, { classType: classType({ code: 'MOVERS', name: 'Little Movers', minAge: 5, maxAge: 7 }) });
    const { unmount } = await openDialog(movers, { children: family });
    const reason = "Ava can't book Little Movers: it is for ages 5-7, and Ava is 10 on that day";
    expect(screen.getByRole('checkbox', { name: /Ava/ })).toBeDisabled();
    expect(screen.getByText(reason)).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /Ava/ })).toHaveAccessibleDescription(reason);
    expect(screen.getByRole('checkbox', { name: /Leo/ })).toBeEnabled();
    unmount();

    familyReads(freeWeek);
    const girls = session(48, { classType: classType({ code: 'GIRLS', name: 'Girls Power Hour', minAge: 9, maxAge: 15, girlsOnly: true }) });
    await openDialog(girls, { children: family });
    expect(screen.getByRole('checkbox', { name: /Leo/ })).toBeDisabled();
    expect(screen.getByText("Leo can't book Girls Power Hour: it is for girls only")).toBeVisible();
    expect(screen.getByRole('checkbox', { name: /Ava/ })).toBeEnabled();
  });
});

describe('booking dialog: the waitlist', () => {
  it('with fewer spots left than children ticked, it offers the waitlist for all, or fewer children to book', async () => {
    familyReads(freeWeek);
    const { user } = await openDialog(session(48, { capacity: 10, bookedCount: 9 }));
    expect(screen.getByText('1 spot left', { exact: true })).toBeVisible();

    await user.click(await screen.findByRole('checkbox', { name: /Ava/ }));
    expect(screen.getByRole('button', { name: 'Book Session' })).toHaveAttribute('aria-disabled', 'false');
    await user.click(screen.getByRole('checkbox', { name: /Leo/ }));
    expect(screen.getByText('Only 1 spot left in this session.')).toBeVisible();
    expect(screen.getByText('This will put Ava and Leo on the waitlist.')).toBeVisible();
    expect(screen.getByText(/^Choose fewer children to book now, or join the waitlist for all of them\./)).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Book Session' })).toBeNull();
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toHaveAttribute('aria-disabled', 'false');

    await user.click(screen.getByRole('checkbox', { name: /Leo/ }));
    expect(screen.getByRole('button', { name: 'Book Session' })).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join Waitlist' })).toBeNull();
  });

  it('a full session offers Join Waitlist: it explains the waitlist, sends the children and says their place in line', async () => {
    const full = session(48, { capacity: 6, bookedCount: 6, waitlistCount: 2 });
    familyReads(freeWeek);
    const posts = recordPosts(`/api/sessions/${full.id}/waitlist`, (_, body) =>
      HttpResponse.json(waitlistEntry(full, (body as { childNames: string[] }).childNames, { position: 1 }), { status: 201 }),
    );
    const { user, onOpenChange } = await openDialog(full);

    expect(screen.getByText('Full', { exact: true })).toBeVisible();
    expect(screen.getByText('2 children waiting')).toBeVisible();
    // Issue 33: information beside the waitlist offer, not an error.
    expect(screen.getByText('This session is full.', { exact: true })).toHaveAttribute('data-tone', 'info');
    expect(screen.queryByRole('button', { name: 'Book Session' })).toBeNull();
    expect(screen.getByText(/^If a spot opens, waiting families are booked automatically in the order they joined\./)).toBeVisible();
    await user.click(await screen.findByRole('checkbox', { name: /Leo/ }));
    expect(screen.getByText('This will put Leo on the waitlist.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));

    expect(await screen.findByText('Added to the Waitlist')).toBeVisible();
    expect(screen.getByText(/^Leo is 1st in line\./)).toBeVisible();
    expect(posts).toEqual([{ url: `/api/sessions/${full.id}/waitlist`, body: { childNames: ['Leo'] }, key: expect.stringMatching(UUID) }]);
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it('a child at the weekly limit may still wait for a full session', async () => {
    familyReads([
      { name: 'Ava', used: 0, limit: 2 },
      { name: 'Leo', used: 1, limit: 1 },
    ]);
    const { user } = await openDialog(session(7 * 24 + 2, { capacity: 1, bookedCount: 1 }), { children: [child('Ava'), child('Leo', { weeklyLimit: 1 })] });
    const leo = await screen.findByRole('checkbox', { name: /Leo/ });
    await waitFor(() => expect(screen.getByText('0 of 1 left next week')).toBeVisible());
    expect(leo).toBeEnabled();
    await user.click(leo);
    expect(screen.getByRole('button', { name: 'Join Waitlist' })).toHaveAttribute('aria-disabled', 'false');
  });

  it('a refused join is shown beside the button and in a toast; the dialog stays', async () => {
    const full = session(48, { capacity: 1, bookedCount: 1 });
    familyReads(freeWeek);
    api.use(http.post(`/api/sessions/${full.id}/waitlist`, () => refusal(409, 'WAITLIST_CLOSED', 'The waitlist for this session has closed')));
    const { user, dialog, onOpenChange } = await openDialog(full);
    await user.click(await screen.findByRole('checkbox', { name: /Ava/ }));
    await user.click(screen.getByRole('button', { name: 'Join Waitlist' }));

    expect(await screen.findByText('Could Not Join the Waitlist')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('The waitlist for this session has closed');
    expect(dialog).toBeVisible();
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
    // Changing the choice clears the refusal shown beside the button.
    await user.click(screen.getByRole('checkbox', { name: /Leo/ }));
    expect(screen.queryByRole('alert')).toBeNull();
  });

  it('a full session starting within the cut-off offers neither button and says the waitlist has closed', async () => {
    familyReads(freeWeek);
    const { user } = await openDialog(session(1, { capacity: 1, bookedCount: 1 }));
    await user.click(await screen.findByRole('checkbox', { name: /Ava/ }));
    expect(screen.getByText('The waitlist has closed: it closes 2 hours before the session starts.')).toBeVisible();
    expect(screen.queryByRole('button', { name: 'Join Waitlist' })).toBeNull();
    expect(screen.queryByRole('button', { name: 'Book Session' })).toBeNull();
  });

  it('a child waiting here cannot be chosen again; the entry shows its place, why it is skipped, and Leave waitlist', async () => {
    const full = session(48, { capacity: 1, bookedCount: 1 });
    const entry = waitlistEntry(full, ['Ava'], { position: 1, heldBack: [{ name: 'Ava', limit: 1, used: 1 }] });
    familyReads(freeWeek, [], [entry]);
    const onLeaveWaitlist = vi.fn();
    const { user, onOpenChange } = await openDialog(full, { onLeaveWaitlist });

    const waiting = await screen.findByRole('region', { name: 'On the waitlist' });
    expect(screen.getByRole('checkbox', { name: /Ava/ })).toBeDisabled();
    expect(screen.getByText('On the waitlist (#1)')).toBeVisible();
    expect(waiting).toHaveTextContent('1st in line');
    expect(waiting).toHaveTextContent(
      'Ava already has 1 of 1 session that week, so this entry is skipped until it is cancelled (it keeps its place in line).',
    );
    await user.click(screen.getByRole('button', { name: withHidden('Leave waitlist', 'for Ava') }));
    expect(onOpenChange).toHaveBeenCalledWith(false);
    expect(onLeaveWaitlist).toHaveBeenCalledWith(entry);
  });
});

describe('booking dialog: refusals, double submits and the network', () => {
  it.each([
    [409, 'SESSION_FULL', 'This session is full'],
    [409, 'WEEKLY_LIMIT_REACHED', 'Ava has reached the weekly limit of 2 sessions'],
    [409, 'ALREADY_BOOKED', 'Ava is already booked in this session'],
    [422, 'CHILD_NOT_ELIGIBLE', "Ava can't book Little Movers: it is for ages 5-7, and Ava is 10 on that day"],
  ])('a %i %s refusal shows Booking Failed with the server’s reason and keeps the dialog open', async (status, code, message) => {
    const opened = session(48);
    familyReads(freeWeek);
    api.use(http.post('/api/bookings', () => refusal(status, code, message)));
    const { user, dialog, location } = await openDialog(opened);

    await user.click(await screen.findByRole('checkbox', { name: /Ava/ }));
    await user.click(screen.getByRole('button', { name: 'Book Session' }));

    expect(await screen.findByText('Booking Failed')).toBeVisible();
    expect(screen.getByText(message, { exact: true })).toBeVisible();
    expect(dialog).toBeVisible();
    expect(screen.getByRole('button', { name: 'Book Session' })).toBeEnabled();
    expect(location()).toBe('/');
  });

  it('a double click sends one request; a retry after a lost answer reuses its key; the next attempt has a new one', async () => {
    const opened = session(48);
    familyReads(freeWeek);
    let release: () => void = () => {};
    const posts = recordPosts('/api/bookings', async (n) => {
      if (n === 1) {
        await new Promise<void>((resolve) => (release = resolve));
        return HttpResponse.error();
      }
      return refusal(409, 'ALREADY_BOOKED', 'Ava is already booked in this session');
    });
    const { user } = await openDialog(opened);
    await user.click(await screen.findByRole('checkbox', { name: /Ava/ }));

    await user.dblClick(screen.getByRole('button', { name: 'Book Session' }));
    expect(await screen.findByRole('button', { name: 'Booking...' })).toBeDisabled();
    expect(screen.getByRole('checkbox', { name: /Ava/ })).toBeDisabled();
    release();
    expect(await screen.findByText('Booking Failed')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book Session' })).toBeEnabled());
    expect(posts).toHaveLength(1);
    expect(posts[0]!.key).toMatch(UUID);

    // The same attempt again (its answer never came): the same key.
    await user.click(screen.getByRole('button', { name: 'Book Session' }));
    expect(await screen.findByText('Ava is already booked in this session')).toBeVisible();
    expect(posts).toHaveLength(2);
    expect(posts[1]!.key).toBe(posts[0]!.key);

    // That one was answered: the next press is a new attempt.
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book Session' })).toBeEnabled());
    await user.click(screen.getByRole('button', { name: 'Book Session' }));
    await waitFor(() => expect(posts).toHaveLength(3));
    expect(posts[2]!.key).toMatch(UUID);
    expect(posts[2]!.key).not.toBe(posts[0]!.key);
  });

  it('offline, the dialog says changes need a connection and books nothing', async () => {
    vi.stubGlobal('navigator', Object.create(navigator, { onLine: { value: false } }));
    familyReads(freeWeek);
    const { user } = await openDialog(session(48));
    expect(screen.getByText(/^You're offline\. Booking, cancelling and rescheduling need a connection/)).toBeVisible();
    await user.click(await screen.findByRole('checkbox', { name: /Ava/ }));
    const book = screen.getByRole('button', { name: 'Book Session' });
    expect(book).toHaveAttribute('aria-disabled', 'true');
    // Pressed anyway, nothing is sent (no handler answers a POST: a request would fail the test).
    await user.click(book);
    expect(screen.queryByText('Booking Confirmed!')).toBeNull();
  });
});
