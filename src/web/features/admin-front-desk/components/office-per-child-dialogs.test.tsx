import { describe, expect, it } from 'vitest';
import type { AdminBookingDto } from '../../../../shared/schemas/bookings';
import { HttpResponse, recordPosts } from '../../../test-support/api';
import { admin, booking, session } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { OfficeCancelDialog } from './office-cancel-dialog';
import { OfficeRescheduleDialog } from './office-reschedule-dialog';
import type { RenderOfficeSessionPicker } from './session-picker';

// Issue 32, one child at a time: the front desk's cancel and reschedule dialogs list a booking's children, all ticked.
const here = session(72);
const there = session(400);
const officeBooking = (childNames: string[]): AdminBookingDto => ({
  ...booking(here, childNames),
  userId: '22222222-2222-4222-8222-222222222222',
  bookedBy: 'FAMILY',
  bookedByName: null,
  note: null,
});
const three = officeBooking(['Ava', 'Leo', 'Mia']);

describe('OfficeCancelDialog with three children', () => {
  it('cancels the ticked children with the note', async () => {
    const posts = recordPosts(`/api/admin/bookings/${three.id}/cancel`, () => HttpResponse.json({ ...three, childNames: ['Leo'] }));
    const { user } = await renderApp(<OfficeCancelDialog booking={three} open onOpenChange={() => {}} />, { user: admin() });
    expect(screen.getByRole('button', { name: 'Cancel Booking' })).toBeEnabled();
    await user.click(screen.getByRole('checkbox', { name: 'Leo' }));
    await user.click(screen.getByRole('button', { name: 'Cancel Ava and Mia' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ childNames: ['Ava', 'Mia'] });
    expect((await screen.findAllByText(/Ava and Mia's place is cancelled; Leo stays booked\./)).length).toBeGreaterThan(0);
  });

  it('cannot confirm with no child ticked', async () => {
    const { user } = await renderApp(<OfficeCancelDialog booking={officeBooking(['Ava', 'Leo'])} open onOpenChange={() => {}} />, { user: admin() });
    await user.click(screen.getByRole('checkbox', { name: 'Ava' }));
    await user.click(screen.getByRole('checkbox', { name: 'Leo' }));
    expect(screen.getByRole('alert')).toHaveTextContent('Tick at least one child.');
    expect(screen.getByRole('button', { name: 'Cancel' })).toBeDisabled();
  });
});

describe('OfficeRescheduleDialog with three children', () => {
  const picker: RenderOfficeSessionPicker = ({ onSelectSession }) => (
    <button type="button" onClick={() => onSelectSession(there)}>
      Pick the other session
    </button>
  );

  it('moves the ticked child into a booking of their own', async () => {
    const posts = recordPosts(`/api/admin/bookings/${three.id}/reschedule`, () => HttpResponse.json({ ...officeBooking(['Mia']), sessionId: there.id }));
    const { user } = await renderApp(<OfficeRescheduleDialog booking={three} open onOpenChange={() => {}} renderSessionPicker={picker} />, { user: admin() });
    await user.click(screen.getByRole('checkbox', { name: 'Ava' }));
    await user.click(screen.getByRole('checkbox', { name: 'Leo' }));
    await user.click(screen.getByRole('button', { name: 'Pick the other session' }));
    await user.click(screen.getByRole('button', { name: 'Continue' }));
    await user.click(screen.getByRole('button', { name: 'Move Mia' }));
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ newSessionId: there.id, childNames: ['Mia'] });
    expect((await screen.findAllByText(/Mia moved to .*; Ava and Leo stay booked\./)).length).toBeGreaterThan(0);
  });
});
