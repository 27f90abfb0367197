import { configure, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';
import { formatTime } from '../../../../shared/rules/format';
import type { CheckInLookupResponse } from '../../../../shared/schemas/check-in';
import type { RosterEntry, SessionDto } from '../../../../shared/schemas/sessions';
import { api, http, HttpResponse, refusal } from '../../../test-support/api';
import { admin, session, uuid } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { queuedTaps } from '../../../lib/door-queue';
import { CheckInTab } from './check-in-tab';

// The Check-in tab's rules (issue 22) below the browser: today's sessions, the reference checked before it is looked
// up, the server's refusals next to the field, one tap to check a child in and Undo, a second tap elsewhere, and a
// tap that does not reach the server. The camera, the QR code of the confirmation, axe, the 44 px touch targets and
// the journeys against the real server stay in e2e/admin-check-in.spec.ts.

configure({ asyncUtilTimeout: 5_000 });

const bookingId = uuid(0xb00c, 0x77);
const reference = 'NB-1A2B3C4D';
const mia = uuid(0xc41d, 1);
const noah = uuid(0xc41d, 2);

function entry(childName: string, childId: string, checkedIn: { at: string; by: string } | null = null, door: Partial<RosterEntry> = {}): RosterEntry {
  return {
    childName,
    childId,
    familyName: 'Dora Door',
    email: 'dora@example.com',
    bookingId,
    reference,
    bookedBy: 'FAMILY',
    checkedInAt: checkedIn?.at ?? null,
    checkedInBy: checkedIn?.by ?? null,
    needsAttention: false,
    medicalNotes: null,
    guardians: [],
    ...door,
  } as RosterEntry;
}

/** The family's booking as the look-up answers it. */
function lookup(at: SessionDto, children: RosterEntry[]): CheckInLookupResponse {
  return {
    booking: {
      id: bookingId,
      reference,
      sessionId: at.id,
      familyName: 'Dora Door',
      email: 'dora@example.com',
      bookedBy: 'FAMILY',
      guardians: children[0]?.guardians ?? [],
    },
    children: children.map(({ childId, childName, checkedInAt, checkedInBy, needsAttention, medicalNotes }) => ({
      childId,
      childName,
      checkedInAt,
      checkedInBy,
      needsAttention,
      medicalNotes,
    })),
  };
}

/** Today's sessions, and a roster that the test changes as the server would after a tap. */
function door(sessions: SessionDto[], roster: { children: RosterEntry[] }) {
  api.use(
    http.get('/api/sessions', () => HttpResponse.json({ sessions, total: sessions.length, totalPages: 1, page: 1, limit: 100 })),
    http.get('/api/admin/sessions/:id/roster', ({ params }) =>
      HttpResponse.json({ session: sessions.find((s) => s.id === params.id), children: roster.children, waitlist: [] }),
    ),
  );
}

async function openSession(at: SessionDto) {
  const rendered = await renderApp(<CheckInTab />, { user: admin({ firstName: 'Adam', lastName: 'Archer' }) });
  await rendered.user.click(await screen.findByRole('button', { name: new RegExp(at.location) }));
  return rendered;
}

describe('Check-in tab', { timeout: 30_000 }, () => {
  it('says when there are no sessions today (a cancelled one is not offered)', async () => {
    door([session(2, { status: 'CANCELLED' })], { children: [] });
    await renderApp(<CheckInTab />, { user: admin() });
    expect(await screen.findByText('There are no sessions today.')).toBeVisible();
  });

  it('reports sessions that could not be loaded, and Try again recovers', async () => {
    let fail = true;
    const today = session(2, { location: 'Door Court' });
    api.use(
      http.get('/api/sessions', () =>
        fail ? refusal(500, 'INTERNAL', 'Internal error') : HttpResponse.json({ sessions: [today], total: 1, totalPages: 1, page: 1, limit: 100 }),
      ),
    );
    const { user } = await renderApp(<CheckInTab />, { user: admin() });
    expect(await screen.findByText('Today’s sessions could not be loaded')).toBeVisible();
    fail = false;
    await user.click(screen.getByRole('button', { name: /Try again/ }));
    expect(await screen.findByRole('button', { name: /Door Court/ })).toBeVisible();
  });

  it('checks a malformed reference before asking, and shows the server’s refusal next to the field', async () => {
    const today = session(2, { location: 'Door Court' });
    door([today], { children: [entry('Mia', mia), entry('Noah', noah)] });
    const lookups: unknown[] = [];
    api.use(
      http.post('/api/admin/check-in/lookup', async ({ request }) => {
        lookups.push(await request.json());
        return refusal(409, 'WRONG_SESSION', 'NB-1A2B3C4D is for Speed & Agility on Friday, November 27, not this session.');
      }),
    );
    const { user } = await openSession(today);
    expect(await screen.findByText(/0 of 2 children checked in/)).toBeVisible();
    const field = screen.getByLabelText('Booking reference');

    await user.type(field, 'hello{Enter}');
    expect(screen.getByRole('alert')).toHaveTextContent('Enter a booking reference like NB-');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(lookups).toEqual([]);

    await user.clear(field);
    await user.type(field, 'nb-1a2b3c4d{Enter}');
    expect(await screen.findByText('NB-1A2B3C4D is for Speed & Agility on Friday, November 27, not this session.')).toBeVisible();
    expect(screen.getByRole('alert')).toHaveTextContent('not this session.');
    expect(field).toHaveAttribute('aria-invalid', 'true');
    expect(lookups).toEqual([{ sessionId: today.id, reference: 'nb-1a2b3c4d' }]);
  });

  it('finds the booking by its reference, checks a child in with one tap, and Undo takes it back', async () => {
    const today = session(2, { location: 'Door Court' });
    const roster = { children: [entry('Mia', mia), entry('Noah', noah)] };
    door([today], roster);
    const sent: Array<{ path: string; body: unknown }> = [];
    const at = new Date().toISOString();
    api.use(
      http.post('/api/admin/check-in/lookup', () => HttpResponse.json(lookup(today, roster.children))),
      http.post('/api/admin/check-in', async ({ request }) => {
        sent.push({ path: 'check-in', body: await request.json() });
        roster.children = [entry('Mia', mia, { at, by: 'Adam Archer' }), entry('Noah', noah)];
        return HttpResponse.json({ bookingId, reference, child: { childId: mia, childName: 'Mia', checkedInAt: at, checkedInBy: 'Adam Archer' }, alreadyCheckedIn: false });
      }),
      http.post('/api/admin/check-in/undo', async ({ request }) => {
        sent.push({ path: 'undo', body: await request.json() });
        roster.children = [entry('Mia', mia), entry('Noah', noah)];
        return HttpResponse.json({ bookingId, reference, child: { childId: mia, childName: 'Mia', checkedInAt: null, checkedInBy: null } });
      }),
    );
    const { user } = await openSession(today);
    const field = screen.getByLabelText('Booking reference');
    await user.type(field, reference);
    await user.click(screen.getByRole('button', { name: 'Find booking' }));

    const found = await screen.findByRole('region', { name: `Booking ${reference}` });
    expect(within(found).getByText(/Dora Door/)).toBeVisible();
    expect(screen.queryByRole('alert')).toBeNull();
    expect(field).toHaveValue('');

    await user.click(within(found).getByRole('button', { name: 'Check in Mia' }));
    expect(sent).toEqual([{ path: 'check-in', body: { bookingId, childId: mia } }]);
    expect((await screen.findAllByText('Mia checked in'))[0]).toBeVisible();
    expect(await within(found).findByText(`Present since ${formatTime(at)} · Adam Archer`)).toBeVisible();
    expect(within(found).getByRole('button', { name: 'Check in Noah' })).toBeEnabled();
    expect(await screen.findByText(/1 of 2 children checked in/)).toBeVisible();

    await user.click(within(found).getByRole('button', { name: 'Undo the check-in of Mia' }));
    expect(sent[1]).toEqual({ path: 'undo', body: { bookingId, childId: mia } });
    expect((await screen.findAllByText('Mia is no longer checked in'))[0]).toBeVisible();
    expect(await within(found).findByRole('button', { name: 'Check in Mia' })).toBeEnabled();
    expect(await screen.findByText(/0 of 2 children checked in/)).toBeVisible();
  });

  it('a child another administrator checked in first keeps the first record, and says by whom', async () => {
    const today = session(2, { location: 'Door Court' });
    const at = new Date(Date.now() - 60_000).toISOString();
    const roster = { children: [entry('Mia', mia)] };
    door([today], roster);
    api.use(
      http.post('/api/admin/check-in', () => {
        roster.children = [entry('Mia', mia, { at, by: 'Beth Office' })];
        return HttpResponse.json({ bookingId, reference, child: { childId: mia, childName: 'Mia', checkedInAt: at, checkedInBy: 'Beth Office' }, alreadyCheckedIn: true });
      }),
    );
    const { user } = await openSession(today);
    await user.click(await screen.findByRole('button', { name: 'Check in Mia' }));

    expect((await screen.findAllByText('Mia was already checked in'))[0]).toBeVisible();
    expect(screen.getAllByText(`By Beth Office at ${formatTime(at)}.`)[0]).toBeVisible();
    expect(await screen.findByText(`Present since ${formatTime(at)} · Beth Office`)).toBeVisible();
  });

  it('a tap that does not reach the server is kept on this device, shown as waiting, and counted in the banner (issue 34)', async () => {
    const today = session(2, { location: 'Door Court' });
    door([today], { children: [entry('Mia', mia)] });
    api.use(http.post('/api/admin/check-in', () => HttpResponse.error()));
    const { user } = await openSession(today);
    await user.click(await screen.findByRole('button', { name: 'Check in Mia' }));

    expect(await screen.findByText('Saved on this device, waiting to be sent')).toBeVisible();
    expect(screen.getByRole('button', { name: 'Undo the check-in of Mia' })).toBeVisible();
    expect(screen.getByText(/1 check-in waits to be sent/)).toBeVisible();
  });

  it('offline: finds a reference in the saved roster, keeps the taps, sends them in order with their keys when back online, and shows a refused one until dismissed', async () => {
    const today = session(2, { location: 'Door Court' });
    door([today], { children: [entry('Mia', mia), entry('Noah', noah)] });
    const sent: Array<{ path: string; key: string | null; body: { childId: string; tappedAt?: string } }> = [];
    api.use(
      http.post('/api/admin/check-in', async ({ request }) => {
        const body = (await request.json()) as { childId: string; tappedAt?: string };
        sent.push({ path: 'check-in', key: request.headers.get('idempotency-key'), body });
        return body.childId === noah
          ? refusal(409, 'CONFLICT', `${reference} was cancelled.`)
          : HttpResponse.json({ bookingId, reference, child: { childId: mia, childName: 'Mia', checkedInAt: body.tappedAt, checkedInBy: 'Adam Archer' }, alreadyCheckedIn: false });
      }),
    );
    const { user } = await openSession(today);
    await screen.findByRole('button', { name: 'Check in Mia' });

    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    expect(await screen.findByText(/No connection\./)).toBeVisible();
    await user.type(screen.getByLabelText('Booking reference'), `${reference}{Enter}`);
    const found = await screen.findByRole('region', { name: `Booking ${reference}` });
    await user.click(within(found).getByRole('button', { name: 'Check in Mia' }));
    await user.click(within(found).getByRole('button', { name: 'Check in Noah' }));
    await waitFor(() => expect(screen.getByText(/2 check-ins wait to be sent/)).toBeVisible());
    expect(sent).toEqual([]);

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    const refused = await screen.findByRole('alert', { name: 'Check-ins the server refused' });
    expect(refused).toHaveTextContent(`Check-in of Noah (${reference}`);
    expect(refused).toHaveTextContent(`: ${reference} was cancelled.`);
    expect(refused).not.toHaveTextContent('409');
    expect(sent.map((item) => item.body.childId)).toEqual([mia, noah]);
    expect(sent.every((item) => item.key && item.body.tappedAt)).toBe(true);
    expect(new Set(sent.map((item) => item.key)).size).toBe(2);
    await waitFor(() => expect(screen.queryByText(/wait to be sent/)).toBeNull());

    await user.click(within(refused).getByRole('button', { name: 'Dismiss: Noah' }));
    await waitFor(() => expect(screen.queryByRole('alert', { name: 'Check-ins the server refused' })).toBeNull());
    onLine.mockRestore();
  });

  it('closing the screen stops sending: the tap on its way is kept for later and the next one is not sent', async () => {
    const today = session(2, { location: 'Door Court' });
    door([today], { children: [entry('Mia', mia), entry('Noah', noah)] });
    const sent: string[] = [];
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    api.use(
      http.post('/api/admin/check-in', async ({ request }) => {
        sent.push(((await request.json()) as { childId: string }).childId);
        await answered;
        return HttpResponse.json({ bookingId, reference, child: { childId: mia, childName: 'Mia', checkedInAt: new Date().toISOString(), checkedInBy: 'Adam Archer' }, alreadyCheckedIn: false });
      }),
    );
    const { user, unmount } = await openSession(today);
    const onLine = vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false);
    window.dispatchEvent(new Event('offline'));
    await user.click(await screen.findByRole('button', { name: 'Check in Mia' }));
    await user.click(screen.getByRole('button', { name: 'Check in Noah' }));
    await waitFor(() => expect(screen.getByText(/2 check-ins wait to be sent/)).toBeVisible());

    onLine.mockReturnValue(true);
    window.dispatchEvent(new Event('online'));
    await waitFor(() => expect(sent).toEqual([mia]));
    unmount();
    answer();
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(sent).toEqual([mia]);
    // Both stay on the device: Mia's goes again with the same key (the server answers it once), Noah's after it.
    expect((await queuedTaps()).map((tap) => tap.childId)).toEqual([mia, noah]);
    onLine.mockRestore();
  });

  it('says when no one is booked in the session', async () => {
    const today = session(2, { location: 'Door Court' });
    door([today], { children: [] });
    await openSession(today);
    expect(await screen.findByText('No one is booked in this session.')).toBeVisible();
    expect(screen.getByText(/0 of 0 children checked in/)).toBeVisible();
  });
  it('flags a child whose notes need attention, the notes on a tap, and lists the guardians with tap-to-call phones (issue 31)', async () => {
    const today = session(2, { location: 'Door Court' });
    const guardians = [
      { name: 'Dora Door', phone: '416-555-0147' },
      { name: 'Dan Door', phone: null },
    ];
    const roster = {
      children: [
        entry('Mia', mia, null, { needsAttention: true, medicalNotes: 'Bee sting allergy: EpiPen in her bag', guardians }),
        entry('Noah', noah, null, { guardians }),
      ],
    };
    door([today], roster);
    api.use(http.post('/api/admin/check-in/lookup', () => HttpResponse.json(lookup(today, roster.children))));
    const { user } = await openSession(today);

    // The roster below: Mia flagged, Noah not; the notes closed until asked.
    const list = await screen.findByRole('region', { name: 'Children booked' });
    const rosterMia = (await within(list).findByText('Mia')).closest('li')!;
    const rosterNoah = within(list).getByText('Noah').closest('li')!;
    expect(within(rosterNoah).queryByRole('button', { name: /Needs attention/ })).toBeNull();
    const flag = within(rosterMia).getByRole('button', { name: 'Needs attention, notes for Mia' });
    expect(within(rosterMia).queryByText('Bee sting allergy: EpiPen in her bag')).not.toBeVisible();
    await user.click(flag);
    expect(within(rosterMia).getByRole('region', { name: 'Notes for Mia' })).toHaveTextContent('Bee sting allergy: EpiPen in her bag');
    expect(within(rosterMia).getByRole('link', { name: 'Call Dora Door, 416-555-0147' })).toHaveAttribute('href', 'tel:+14165550147');
    expect(within(rosterMia).getByText('no phone')).toBeVisible();

    // The booking found by its reference says the same.
    await user.type(screen.getByLabelText('Booking reference'), `${reference}{Enter}`);
    const found = await screen.findByRole('region', { name: `Booking ${reference}` });
    expect(within(found).getByRole('link', { name: 'Call Dora Door, 416-555-0147' })).toHaveAttribute('href', 'tel:+14165550147');
    const foundMia = within(found).getByText('Mia').closest('li')!;
    expect(within(within(found).getByText('Noah').closest('li')!).queryByRole('button', { name: /Needs attention/ })).toBeNull();
    const foundFlag = within(foundMia).getByRole('button', { name: 'Needs attention, notes for Mia' });
    foundFlag.focus();
    await user.keyboard('{Enter}');
    expect(foundFlag).toHaveAttribute('aria-expanded', 'true');
    expect(within(foundMia).getByRole('region', { name: 'Notes for Mia' })).toBeVisible();
  });

  it("Tomorrow lists tomorrow's sessions (Toronto days) as links to their rosters, asking for that day only", async () => {
    const asked: string[] = [];
    const tomorrows = session(30, { location: 'North Field' });
    api.use(
      http.get('/api/sessions', ({ request }) => {
        const params = new URL(request.url).searchParams;
        asked.push(`${params.get('from')}..${params.get('to')}`);
        return HttpResponse.json({ sessions: asked.length > 1 ? [tomorrows] : [], total: 1, totalPages: 1, page: 1, limit: 100 });
      }),
    );
    const { user } = await renderApp(<CheckInTab />, { user: admin() });
    expect(await screen.findByText('There are no sessions today.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Tomorrow', pressed: false }));
    const list = await screen.findByRole('list', { name: /^Tomorrow’s sessions, / });
    expect(within(list).getByRole('link', { name: /North Field/ })).toHaveAttribute('href', `/admin/sessions/${tomorrows.id}`);
    const [today, tomorrow] = asked.map((range) => range.split('..'));
    expect(today![0]).toBe(today![1]);
    expect(tomorrow![0]).toBe(tomorrow![1]);
    expect(Date.parse(`${tomorrow![0]}T12:00:00Z`) - Date.parse(`${today![0]}T12:00:00Z`)).toBe(86_400_000);
    expect(screen.getByRole('button', { name: 'Tomorrow' })).toHaveAttribute('aria-pressed', 'true');
  });
});
