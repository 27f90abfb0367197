import { describe, expect, it } from 'vitest';
import type { CurrentUser } from '../../../shared/schemas/users';
import { admin, parent } from '../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../test-support/render';
import { UserMenuDropdown } from './user-menu-dropdown';
import { UserMenuActionsContext } from './user-menu-context';

// Issue 31: the user menu's 'Family' item, a guardian's way to the Family page, and 'Download our data' (the family's
// own copy, docs/privacy.md); staff accounts have no family, so neither item.

const actions = { onSignedInDevices: () => {}, onCalendarFeed: () => {} };

async function openMenu(user: CurrentUser) {
  const rendered = await renderApp(
    <UserMenuActionsContext value={actions}>
      <UserMenuDropdown user={user} onChangePassword={() => {}} onSignOut={() => {}} />
    </UserMenuActionsContext>,
    { user, path: '/dashboard' },
  );
  await rendered.user.click(screen.getByRole('button', { name: `Hello, ${user.firstName}, user menu` }));
  await screen.findByRole('menu');
  return rendered;
}

describe('User menu', () => {
  it('the button’s name starts with the greeting it shows (issue 33: label in name)', async () => {
    await renderApp(
      <UserMenuActionsContext value={actions}>
        <UserMenuDropdown user={parent()} onChangePassword={() => {}} onSignOut={() => {}} />
      </UserMenuActionsContext>,
      { user: parent(), path: '/dashboard' },
    );
    const button = screen.getByRole('button', { name: 'Hello, Pat, user menu' });
    expect(button).toHaveTextContent(/^Hello, Pat/);
  });

  it('a guardian’s menu has Family after the account’s items, and it opens /family', async () => {
    const { user, location } = await openMenu(parent());
    const items = screen.getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Change Password', 'Signed-in Devices', 'Passkeys and codes', 'Calendar feed', 'Family', 'Download our data', 'Sign Out']);
    const family = screen.getByRole('menuitem', { name: 'Family' });
    expect(family).toHaveAttribute('href', '/family');
    await user.click(family);
    await waitFor(() => expect(location()).toBe('/family'));
  });

  it("a guardian's 'Download our data' is a download of GET /api/me/export", async () => {
    await openMenu(parent());
    const download = screen.getByRole('menuitem', { name: 'Download our data' });
    expect(download).toHaveAttribute('href', '/api/me/export');
    expect(download).toHaveAttribute('download');
  });

  it('an office account’s menu has no Family item', async () => {
    await openMenu(admin());
    expect(screen.queryByRole('menuitem', { name: 'Family' })).toBeNull();
    expect(screen.queryByRole('menuitem', { name: 'Download our data' })).toBeNull();
    expect(screen.getByRole('menuitem', { name: 'Sign Out' })).toBeVisible();
  });
});
