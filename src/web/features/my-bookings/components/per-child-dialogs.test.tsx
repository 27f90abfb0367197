import { describe, expect, it } from 'vitest';
import { HttpResponse, IDEMPOTENCY_KEY, recordPosts } from '../../../test-support/api';
import { booking, parent, session } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { CancelBookingDialog } from './cancel-booking-dialog';
import { RescheduleBookingDialog, type RenderSessionPicker } from './reschedule-booking-dialog';

// Issue 32, one child at a time: the parent's cancel and reschedule dialogs list a booking's children, all ticked.
const here = session(72);
const there = session(96);
const twoChildren = booking(here, ['Ava', 'Leo']);

describe('CancelBookingDialog with two children', () => {
  it('cancels the whole booking while both are ticked (the spec texts), one child once the other is unticked', async () => {
    const posts = recordPosts(`/api/bookings/${twoChildren.id}/cancel`, () =>
      HttpResponse.json({
        ...twoChildren,
        childNames: ['Ava'],
        childStates: [
          { name: 'Ava', state: 'booked' },
          { name: 'Leo', state: 'cancelled' },
        ],
        calendarSequence: 1,
      }),
    );
    const { user } = await renderApp(<CancelBookingDialog booking={twoChildren} open onOpenChange={() => {}} />, { user: parent() });
    const ava = screen.getByRole('checkbox', { name: 'Ava' });
    const leo = screen.getByRole('checkbox', { name: 'Leo' });
    expect(ava).toBeChecked();
    expect(leo).toBeChecked();
    expect(screen.getByRole('group', { name: 'Children to cancel' })).toHaveAccessibleDescription('At least one child must be ticked; the others stay booked.');
    expect(screen.getByRole('button', { name: 'Cancel Booking' })).toBeEnabled();

    // None ticked: said next to the boxes, and nothing can be cancelled.
    await user.click(ava);
    await user.click(leo);
    expect(screen.getByRole('alert')).toHaveTextContent('Tick at least one child.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();

    // With the keyboard: Space ticks Leo again.
    leo.focus();
    await user.keyboard(' ');
    const button = screen.getByRole('button', { name: 'Cancel Leo' });
    await user.click(button);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]).toMatchObject({ body: { childNames: ['Leo'] }, key: expect.stringMatching(IDEMPOTENCY_KEY) });
    expect((await screen.findAllByText('Place Cancelled')).length).toBeGreaterThan(0);
    expect(screen.getAllByText(/Leo's place for .* has been cancelled\. Ava stays booked\./).length).toBeGreaterThan(0);
  });

  it('says whether cancelling now gives a make-up credit, for the children ticked, or is late and gives none', async () => {
    const { user, unmount } = await renderApp(<CancelBookingDialog booking={twoChildren} open onOpenChange={() => {}} />, { user: parent() });
    expect(await screen.findByText('Cancelled more than 2 hours ahead: Ava and Leo each get a make-up credit, usable for 30 days.')).toBeInTheDocument();
    await user.click(screen.getByRole('checkbox', { name: 'Ava' }));
    expect(screen.getByText('Cancelled more than 2 hours ahead: Leo gets a make-up credit, usable for 30 days.')).toBeInTheDocument();
    unmount();

    // An hour before the start, with the policies' 2-hour cut-off: late.
    await renderApp(<CancelBookingDialog booking={booking(session(1), ['Ava'])} open onOpenChange={() => {}} />, { user: parent() });
    expect(await screen.findByText('Less than 2 hours before the start, this is a late cancellation: it gives no make-up credit.')).toBeInTheDocument();
    expect(screen.queryByText(/each get|gets a make-up credit/)).not.toBeInTheDocument();
  });

  it('sends no body for the whole booking, and shows no boxes for a booking of one child', async () => {
    const posts = recordPosts(`/api/bookings/${twoChildren.id}/cancel`, () => HttpResponse.json({ ...twoChildren, status: 'CANCELLED' }));
    const { user, unmount } = await renderApp(<CancelBookingDialog booking={twoChildren} open onOpenChange={() => {}} />, { user: parent() });
    await user.click(screen.getByRole('button', { name: 'Cancel Booking' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toBeUndefined();
    expect((await screen.findAllByText('Booking Cancelled')).length).toBeGreaterThan(0);
    unmount();

    await renderApp(<CancelBookingDialog booking={booking(here, ['Ava'])} open onOpenChange={() => {}} />, { user: parent() });
    expect(screen.queryByRole('checkbox')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Cancel Booking' })).toBeEnabled();
  });
});

const picker: RenderSessionPicker = ({ onSelectSession }) => (
  <button type="button" onClick={() => onSelectSession(there)}>
    Pick the other session
  </button>
);

describe('RescheduleBookingDialog with two children', () => {
  it('moves only the ticked child (the button says so), the answer being their own booking', async () => {
    const moved = booking(there, ['Leo']);
    const posts = recordPosts(`/api/bookings/${twoChildren.id}/reschedule`, () => HttpResponse.json(moved));
    const { user } = await renderApp(<RescheduleBookingDialog booking={twoChildren} open onOpenChange={() => {}} renderSessionPicker={picker} />, {
      user: parent(),
    });
    expect(screen.getByRole('checkbox', { name: 'Ava' })).toBeChecked();
    await user.click(screen.getByRole('checkbox', { name: 'Ava' }));
    await user.click(screen.getByRole('button', { name: 'Pick the other session' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Move Leo' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ newSessionId: there.id, childNames: ['Leo'] });
    expect((await screen.findAllByText(/Leo moved to .*\. Ava stays booked on /)).length).toBeGreaterThan(0);
  });

  it('keeps the spec texts and the body of a whole move while both are ticked', async () => {
    const posts = recordPosts(`/api/bookings/${twoChildren.id}/reschedule`, () => HttpResponse.json({ ...twoChildren, sessionId: there.id }));
    const { user } = await renderApp(<RescheduleBookingDialog booking={twoChildren} open onOpenChange={() => {}} renderSessionPicker={picker} />, {
      user: parent(),
    });
    await user.click(screen.getByRole('button', { name: 'Pick the other session' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Confirm Reschedule' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ newSessionId: there.id });
  });
});
