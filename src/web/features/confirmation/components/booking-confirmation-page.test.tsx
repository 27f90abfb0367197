import { within } from '@testing-library/react';
import { Route, Routes } from 'react-router';
import { describe, expect, it } from 'vitest';
import { formatLongDate, formatTimeRange } from '../../../../shared/rules/format';
import type { BookingDto } from '../../../../shared/schemas/bookings';
import { api, http, HttpResponse } from '../../../test-support/api';
import { booking, classType, parent, session } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { BookingConfirmationPage } from './booking-confirmation-page';

// /booking-confirmation/:bookingId: the family's own booking (from GET /api/me/bookings), or 'Booking Not Found' with why.

async function openConfirmation(id: string, bookings: BookingDto[] | 'fail') {
  api.use(
    http.get('/api/me/bookings', () =>
      bookings === 'fail' ? HttpResponse.json({ message: 'Database unavailable' }, { status: 500 }) : HttpResponse.json(bookings),
    ),
  );
  const rendered = await renderApp(
    <Routes>
      <Route path="/booking-confirmation/:bookingId" element={<BookingConfirmationPage />} />
      <Route path="/dashboard" element={<p>The dashboard</p>} />
    </Routes>,
    { user: parent(), path: `/booking-confirmation/${id}` },
  );
  return rendered;
}

const speed = session(48, { classType: classType({ name: 'Speed & Agility' }), location: 'Field House' });

describe('booking confirmation screen', () => {
  it('shows the family’s booking with what to bring and how to change it', async () => {
    const mine = booking(speed, ['Ava', 'Leo']);
    await openConfirmation(mine.id, [mine]);

    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Confirmed!' })).toBeVisible();
    expect(screen.getByText(/screenshot/i)).toBeVisible();
    expect(screen.getByText(/confirmation email/i)).toBeVisible();
    expect(screen.getByText('Speed & Agility', { exact: true })).toBeVisible();
    expect(screen.getByText(formatLongDate(speed.startsAt))).toBeVisible();
    expect(screen.getByText(formatTimeRange(speed.startsAt, speed.endsAt))).toBeVisible();
    expect(screen.getByText('Field House')).toBeVisible();
    expect(screen.getByText('Ava, Leo', { exact: true })).toBeVisible();
    expect(screen.getByText('A water bottle')).toBeVisible();
    expect(screen.getByText('Athletic shoes suitable for basketball')).toBeVisible();
    expect(screen.getByText('Comfortable athletic clothing')).toBeVisible();
    expect(screen.getByText(/cancelled or rescheduled from your dashboard/)).toBeVisible();
    expect(screen.getByRole('button', { name: new RegExp(`#${mine.reference}`) })).toBeVisible();
    expect(screen.getByRole('button', { name: 'Add to Calendar' })).toBeVisible();
  });

  it.each(['00000000-0000-4000-8000-000000000000', 'not-a-booking'])(
    'an id that is none of the family’s bookings (%s) shows Booking Not Found, and why',
    async (id) => {
      const { user, location } = await openConfirmation(id, [booking(speed, ['Ava'])]);
      expect(await screen.findByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible();
      expect(screen.getByText("We couldn't find the booking you're looking for.")).toBeVisible();
      expect(within(screen.getByRole('status')).getByText('Booking not found', { exact: true })).toBeVisible();
      expect(screen.queryByText('Failed to fetch bookings')).toBeNull();
      expect(screen.queryByText('Booking Confirmed!')).toBeNull();
      await user.click(screen.getByRole('link', { name: 'Return to Dashboard' }));
      await waitFor(() => expect(location()).toBe('/dashboard'));
    },
  );

  it('a failed read leads to Booking Not Found, even for a real booking, and says the bookings could not be fetched', async () => {
    const mine = booking(speed, ['Ava']);
    await openConfirmation(mine.id, 'fail');
    expect(await screen.findByRole('heading', { level: 1, name: 'Booking Not Found' })).toBeVisible();
    expect(within(screen.getByRole('status')).getByText('Failed to fetch bookings', { exact: true })).toBeVisible();
    expect(screen.queryByText('Booking not found', { exact: true })).toBeNull();
    expect(screen.queryByText('Booking Confirmed!')).toBeNull();
  });

  // Issue 33: a booking opened later says what became of it, never 'Booking Confirmed!' and an e-mail to come.
  describe('what became of the booking', () => {
    const claimsFreshBooking = () => {
      expect(screen.queryByRole('heading', { name: 'Booking Confirmed!' })).toBeNull();
      expect(screen.queryByText(/confirmation email will arrive/i)).toBeNull();
    };

    it('a past booking with a child checked in says it was attended, and who was not checked in', async () => {
      const past = session(-48, { classType: classType({ name: 'Speed & Agility' }) });
      const mine = booking(past, ['Ava', 'Leo'], { childStates: [{ name: 'Ava', state: 'attended' }, { name: 'Leo', state: 'no-show' }] });
      await openConfirmation(mine.id, [mine]);
      expect(await screen.findByRole('heading', { level: 1, name: 'Session Attended' })).toBeVisible();
      claimsFreshBooking();
      expect(screen.getByText(`This session took place on ${formatLongDate(past.startsAt)}.`)).toBeVisible();
      expect(screen.getByText('Checked in at the door: Ava.')).toBeVisible();
      expect(screen.getByText('Not checked in: Leo.')).toBeVisible();
      // Nothing to bring, add or change any more; no code for the door.
      expect(screen.queryByText('What to bring')).toBeNull();
      expect(screen.queryByRole('button', { name: 'Add to Calendar' })).toBeNull();
      expect(screen.queryByText(/cancelled or rescheduled from your dashboard/)).toBeNull();
      expect(screen.queryByText(/Show this code at the door/)).toBeNull();
      expect(screen.getByRole('link', { name: 'Return to Dashboard' })).toBeVisible();
    });

    it('a past booking nobody was checked in for says it counts as a no-show', async () => {
      const past = session(-48);
      const mine = booking(past, ['Ava'], { childStates: [{ name: 'Ava', state: 'no-show' }] });
      await openConfirmation(mine.id, [mine]);
      expect(await screen.findByRole('heading', { level: 1, name: 'Session Missed' })).toBeVisible();
      claimsFreshBooking();
      expect(screen.getByText(/nobody on this booking was checked in at the door: it counts as a no-show\.$/)).toBeVisible();
    });

    it('a session under way keeps the code for the door', async () => {
      const started = session(-0.25);
      const mine = booking(started, ['Ava'], { childStates: [{ name: 'Ava', state: 'no-show' }] });
      await openConfirmation(mine.id, [mine]);
      expect(await screen.findByRole('heading', { level: 1, name: 'Session Under Way' })).toBeVisible();
      claimsFreshBooking();
      expect(screen.getByText(/^This session started at .+\. Show the code below at the door to be checked in\.$/)).toBeVisible();
      expect(screen.getByText(/Show this code at the door/)).toBeVisible();
      expect(screen.queryByText(/Not checked in/)).toBeNull();
    });

    it('a cancelled booking says so and offers nothing of a booking', async () => {
      const mine = booking(speed, ['Ava'], { status: 'CANCELLED' });
      await openConfirmation(mine.id, [mine]);
      expect(await screen.findByRole('heading', { level: 1, name: 'Booking Cancelled' })).toBeVisible();
      claimsFreshBooking();
      expect(screen.getByText('This booking has been cancelled and no longer holds a spot.')).toBeVisible();
      expect(screen.queryByRole('button', { name: 'Add to Calendar' })).toBeNull();
      expect(screen.queryByText(/Show this code at the door/)).toBeNull();
    });

    it('a moved booking (its calendar SEQUENCE raised) says it changed, and who left it', async () => {
      const mine = booking(speed, ['Ava'], {
        calendarSequence: 2,
        childStates: [
          { name: 'Ava', state: 'booked' },
          { name: 'Leo', state: 'late-cancellation' },
        ],
      });
      await openConfirmation(mine.id, [mine]);
      expect(await screen.findByRole('heading', { level: 1, name: 'Booking Updated' })).toBeVisible();
      claimsFreshBooking();
      expect(screen.getByText(/^This booking changed after it was made\./)).toBeVisible();
      expect(screen.getByText('No longer booked: Leo (late cancellation).')).toBeVisible();
      // Still a booking ahead: the door code, what to bring, Add to Calendar and how to change it stay.
      expect(screen.getByText(/screenshot/i)).toBeVisible();
      expect(screen.getByText(/Show this code at the door/)).toBeVisible();
      expect(screen.getByRole('button', { name: 'Add to Calendar' })).toBeVisible();
      expect(screen.getByText(/cancelled or rescheduled from your dashboard/)).toBeVisible();
    });
  });
});
