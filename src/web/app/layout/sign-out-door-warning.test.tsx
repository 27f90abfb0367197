import { describe, expect, it, vi } from 'vitest';
import { queueTap } from '../../lib/door-queue';
import { api, http, HttpResponse } from '../../test-support/api';
import { admin, uuid } from '../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../test-support/render';
import { TopBar } from './top-bar';

// Issue 34: signing out deletes the door's check-ins kept on the device; while some still wait to be sent, the
// staff member is asked first, and nothing is signed out (nor lost) unless they confirm.

describe('sign-out with check-ins waiting on the device', { timeout: 30_000 }, () => {
  it('asks first, stays signed in on Cancel, and signs out on OK', async () => {
    const me = admin();
    await queueTap({
      key: 'tap-1',
      userId: me.id,
      op: 'check-in',
      bookingId: uuid(0xd00, 1),
      childId: uuid(0xd00, 2),
      sessionId: uuid(0xd00, 3),
      childName: 'Mia',
      reference: 'NB-1A2B3C4D',
      tappedAt: new Date().toISOString(),
    });
    let signedOut = 0;
    api.use(
      http.post('/api/auth/logout', () => {
        signedOut += 1;
        return HttpResponse.json({ ok: true });
      }),
    );
    const confirm = vi.spyOn(window, 'confirm').mockReturnValue(false);
    const { user } = await renderApp(<TopBar onChangePassword={() => {}} />, { user: me, path: '/admin' });

    const signOut = async () => {
      await user.click(screen.getByRole('button', { name: /, user menu$/ }));
      await user.click(await screen.findByRole('menuitem', { name: 'Sign Out' }));
    };
    await signOut();
    await waitFor(() => expect(confirm).toHaveBeenCalledTimes(1));
    expect(confirm.mock.calls[0]![0]).toBe('1 check-in made without a connection has not been sent yet. Sign out anyway? It will be lost.');
    expect(signedOut).toBe(0);

    confirm.mockReturnValue(true);
    await signOut();
    await waitFor(() => expect(signedOut).toBe(1));
    confirm.mockRestore();
  });
});
