import { describe, expect, it } from 'vitest';
import { api, http, HttpResponse, refusal } from '../../../test-support/api';
import { booking, child, parent, session } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { BookingDialog } from './booking-dialog';

/** The family's reads the dialog makes: this week's child stats, its bookings and waiting entries. */
function familyReads(stats: { name: string; used: number; limit: number }[], bookings: unknown[] = []) {
  api.use(
    http.get('/api/me/child-stats', () =>
      HttpResponse.json({ weekStart: new Date().toISOString(), children: stats.map((s) => ({ ...s, remaining: s.limit - s.used })) }),
    ),
    http.get('/api/me/bookings', () => HttpResponse.json(bookings)),
    http.get('/api/me/waitlist', () => HttpResponse.json([])),
  );
}

describe('booking dialog', () => {
  it('books the children ticked, in the account order, and says so', async () => {
    const opened = session(48);
    familyReads([
      { name: 'Ava', used: 0, limit: 2 },
      { name: 'Leo', used: 0, limit: 2 },
    ]);
    let sent: unknown = null;
    api.use(
      http.post('/api/bookings', async ({ request }) => {
        sent = await request.json();
        return HttpResponse.json(booking(opened, ['Ava', 'Leo']), { status: 201 });
      }),
    );
    const { user, location } = await renderApp(<BookingDialog session={opened} open onOpenChange={() => {}} />, { user: parent() });

    await user.click(await screen.findByRole('checkbox', { name: /Leo/ }));
    await user.click(screen.getByRole('checkbox', { name: /Ava/ }));
    expect(screen.getByText('This will book 2 spots in the session.')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Book Session' }));

    expect(await screen.findByText('Booking Confirmed!')).toBeVisible();
    expect(screen.getByText('Successfully booked for Ava, Leo')).toBeVisible();
    expect(sent).toEqual({ sessionId: opened.id, childNames: ['Ava', 'Leo'] });
    await waitFor(() => expect(location()).toMatch(/^\/booking-confirmation\//));
  });

  it('shows the server refusal in a toast and keeps the dialog open', async () => {
    const opened = session(48);
    familyReads([{ name: 'Ava', used: 0, limit: 2 }]);
    api.use(http.post('/api/bookings', () => refusal(409, 'SESSION_FULL', 'This session is full')));
    const { user } = await renderApp(<BookingDialog session={opened} open onOpenChange={() => {}} />, { user: parent([child('Ava')]) });

    await user.click(await screen.findByRole('checkbox', { name: /Ava/ }));
    await user.click(screen.getByRole('button', { name: 'Book Session' }));

    expect(await screen.findByText('Booking Failed')).toBeVisible();
    expect(screen.getByText('This session is full', { exact: true })).toBeVisible();
    expect(screen.getByRole('dialog', { name: 'Book Session' })).toBeVisible();
  });
});
