import { describe, expect, it, vi } from 'vitest';
import { ERASE_CONFIRMATION_MISMATCH } from '../../../../shared/schemas/privacy';
import { HttpResponse, recordPosts, refusal } from '../../../test-support/api';
import { admin } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { EraseFamilyDialog } from './erase-family-dialog';

// Issue 31: the SUPER_ADMIN's 'Erase family…' dialog asks for the first guardian's e-mail typed exactly.
const USER_ID = '11111111-1111-4111-8111-111111111111';
const EMAIL = 'Iris.Privacy@example.com';

async function open() {
  const onOpenChange = vi.fn();
  const rendered = await renderApp(
    <EraseFamilyDialog userId={USER_ID} confirmEmail={EMAIL} familyName="Iris Privacy" open onOpenChange={onOpenChange} />,
    { user: admin({ role: 'SUPER_ADMIN' }), path: `/admin/users/${USER_ID}` },
  );
  return { ...rendered, onOpenChange };
}

describe('EraseFamilyDialog', () => {
  it('keeps Erase family disabled until the email is typed exactly, then erases and goes back to the users', async () => {
    const posts = recordPosts(`/api/admin/users/${USER_ID}/erase`, () => HttpResponse.json({ message: 'Family erased', bookingsKept: 3 }));
    const { user, location, onOpenChange } = await open();
    const erase = screen.getByRole('button', { name: 'Erase family' });
    expect(erase).toBeDisabled();
    const input = screen.getByLabelText(/to confirm/);
    await user.type(input, EMAIL.toLowerCase());
    expect(erase).toBeDisabled();
    await user.clear(input);
    await user.type(input, EMAIL);
    expect(erase).toBeEnabled();
    await user.click(erase);
    await waitFor(() => expect(posts).toHaveLength(1));
    expect(posts[0]!.body).toEqual({ confirm: EMAIL });
    expect(await screen.findByText(/3 bookings kept as anonymous counts/)).toBeInTheDocument();
    await waitFor(() => expect(location()).toBe('/admin?tab=users'));
    expect(onOpenChange).toHaveBeenCalledWith(false);
  });

  it("shows the server's refusal in the dialog and stays open", async () => {
    recordPosts(`/api/admin/users/${USER_ID}/erase`, () => refusal(400, 'BAD_REQUEST', ERASE_CONFIRMATION_MISMATCH));
    const { user, onOpenChange } = await open();
    await user.type(screen.getByLabelText(/to confirm/), EMAIL);
    await user.click(screen.getByRole('button', { name: 'Erase family' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(ERASE_CONFIRMATION_MISMATCH);
    expect(onOpenChange).not.toHaveBeenCalledWith(false);
  });
});
