import { configure, within } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';
import type { AdminUserListItem } from '../../../../shared/schemas/admin-users';
import { childrenToSlots } from '../../../../shared/schemas/children';
import type { CurrentUser } from '../../../../shared/schemas/users';
import { api, http, HttpResponse, refusal } from '../../../test-support/api';
import { admin, child, uuid } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { UsersTab } from './users-tab';

// The Users tab's rules below the browser (spec 6, issue 29): what each row offers to whom (only a Super Admin acts on
// an administrator; nobody deletes the Super Admin or themselves; passwords for parents only), the edit dialog's
// locks, a deletion's request, and a failed list with Try again. Search against the real server, the family's
// journey (created, e-mailed, edited, signing in, deleted) and the phone layout stay in e2e/admin-users.spec.ts.

configure({ asyncUtilTimeout: 5_000 });

/**
 * The row's 'Edit' button, named with the user ('Edit' and a visually hidden name): jsdom's accessible-name
 * computation drops the space between the two, which a browser keeps.
 */
const editOf = (name: string) => new RegExp(`^Edit\\s*${name}$`);

let seq = 0;
function account(firstName: string, lastName: string, role: AdminUserListItem['role'], overrides: Partial<AdminUserListItem> = {}): AdminUserListItem {
  seq += 1;
  const children = overrides.children ?? [];
  return {
    id: uuid(0x05e7, seq),
    email: `${firstName.toLowerCase()}@example.com`,
    firstName,
    lastName,
    role,
    planTier: 'TWO',
    weeklyLimit: 2,
    passwordSet: true,
    isActive: true,
    children,
    ...childrenToSlots(children.map((c, i) => ({ position: i + 1, ...c }))),
    createdAt: new Date('2026-01-05T15:00:00Z').toISOString(),
    noShows30d: 0,
    ...overrides,
  } as AdminUserListItem;
}

const owner = account('Olivia', 'Owens', 'SUPER_ADMIN');
const adam = account('Adam', 'Archer', 'ADMIN');
const colleague = account('Ada', 'Colleague', 'ADMIN');
const priya = account('Priya', 'Patel', 'PARENT', { children: [{ ...child('Ava'), id: uuid(0xc41d, 1) }, { ...child('Leo'), id: uuid(0xc41d, 2) }] });
const everyone = [owner, adam, colleague, priya];

/** The signed-in office account, as /api/me gives it, for one of the listed accounts. */
const signedInAs = (who: AdminUserListItem): CurrentUser => admin({ id: who.id, email: who.email, firstName: who.firstName, lastName: who.lastName, role: who.role });

function listUsers(users: AdminUserListItem[] = everyone) {
  api.use(http.get('/api/admin/users', () => HttpResponse.json({ users, page: 1, limit: 25, total: users.length, totalPages: 1 })));
}

async function openTab(as: AdminUserListItem) {
  const rendered = await renderApp(<UsersTab />, { user: signedInAs(as) });
  const table = await screen.findByRole('table', { name: 'Users' });
  const row = (name: string) => {
    const found = within(table).getAllByRole('row').find((r) => r.textContent?.includes(name));
    if (!found) throw new Error(`No row for ${name}`);
    return found;
  };
  await waitFor(() => row('Priya Patel'));
  const menuOf = async (name: string) => {
    await rendered.user.click(within(row(name)).getByRole('button', { name: `More actions for ${name}` }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
    await rendered.user.keyboard('{Escape}');
    return items;
  };
  const edit = async (name: string) => {
    await rendered.user.click(within(row(name)).getByRole('button', { name: editOf(name) }));
    return screen.findByRole('dialog', { name: 'Edit User Account' });
  };
  return { ...rendered, table, row, menuOf, edit };
}

describe('Users tab', { timeout: 30_000 }, () => {
  // Issue 31: a parent's row says what the plan gives, as Settings → Plans holds it.
  beforeEach(() => api.use(http.get('/api/admin/settings/plans', () => HttpResponse.json({ ONE: 1, TWO: 3, THREE: 4 }))));

  it('lists each account with its children, role and status', async () => {
    listUsers();
    const { table, row } = await openTab(adam);
    expect(within(table).getAllByRole('columnheader').map((h) => h.textContent)).toEqual(['User', 'Children', 'Role', 'Status', 'No-shows (30 days)', 'Actions']);
    expect(screen.getByRole('searchbox', { name: 'Search users' })).toHaveAttribute('placeholder', "Search by name, email, or child's name...");
    expect(row('Priya Patel')).toHaveTextContent('priya@example.com');
    expect(row('Priya Patel')).toHaveTextContent('Ava, Leo');
    expect(within(row('Priya Patel')).getByText('Active', { exact: true })).toBeVisible();
    expect(row('Adam Archer')).toHaveTextContent('No children');
    expect(within(row('Olivia Owens')).getByText('Super Admin', { exact: true })).toBeVisible();
    expect(await within(row('Priya Patel')).findByText('Plan TWO · 3 sessions a week per child')).toBeVisible();
    expect(row('Adam Archer')).not.toHaveTextContent('Plan');
    expect(screen.getByText('Showing 1 - 4 of 4 users')).toBeVisible();
    expect(screen.queryByRole('navigation', { name: 'Users pages' })).toBeNull();
  });

  it('an Admin: nothing but Edit for the Super Admin or another administrator, no delete for oneself, every action for a parent', async () => {
    listUsers();
    const { row, menuOf } = await openTab(adam);
    expect(within(row('Olivia Owens')).getByRole('button', { name: editOf('Olivia Owens') })).toBeVisible();
    expect(within(row('Olivia Owens')).queryByRole('button', { name: 'More actions for Olivia Owens' })).toBeNull();
    expect(within(row('Ada Colleague')).queryByRole('button', { name: 'More actions for Ada Colleague' })).toBeNull();
    expect(await menuOf('Adam Archer')).toEqual(['Send Set-Password Link to Adam Archer']);
    expect(await menuOf('Priya Patel')).toEqual(['Change Password for Priya Patel', 'Send Set-Password Link to Priya Patel', 'Delete User Priya Patel']);
  });

  it('an Admin editing the Super Admin, another administrator or themselves: what is locked and why', async () => {
    listUsers();
    const { user, row, edit } = await openTab(adam);

    let dialog = await edit('Olivia Owens');
    expect(within(dialog).getByLabelText('Role')).toHaveValue('ADMIN');
    expect(within(dialog).getByLabelText('Role')).toBeDisabled();
    expect(within(dialog).getByText("Only a Super Admin can change a Super Admin's account.")).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
    await waitFor(() => expect(within(row('Olivia Owens')).getByRole('button', { name: editOf('Olivia Owens') })).toHaveFocus());

    dialog = await edit('Ada Colleague');
    for (const field of ['First Name', 'Last Name', 'Email Address']) expect(within(dialog).getByLabelText(field)).toBeDisabled();
    expect(within(dialog).getByLabelText('Email Address')).toHaveValue('ada@example.com');
    expect(within(dialog).getByText("Only a Super Admin can change an administrator's name or email address.")).toBeVisible();
    expect(within(dialog).getByLabelText('Role')).toBeDisabled();
    expect(within(dialog).getByRole('switch', { name: 'Active' })).toBeDisabled();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    dialog = await edit('Adam Archer');
    expect(within(dialog).getByLabelText('Email Address')).toBeEnabled();
    expect(within(dialog).queryByText("Only a Super Admin can change an administrator's name or email address.")).toBeNull();
  });

  it('the Super Admin: no delete for their own row, every action for another administrator, and deletes them', async () => {
    let users = everyone;
    api.use(
      http.get('/api/admin/users', () => HttpResponse.json({ users, page: 1, limit: 25, total: users.length, totalPages: 1 })),
      // The delete dialog reads the family's bookings (none upcoming: no choice to cancel them).
      http.get('/api/admin/users/:id/bookings', () => HttpResponse.json([])),
    );
    const deleted: string[] = [];
    api.use(
      http.delete('/api/admin/users/:id', ({ params }) => {
        deleted.push(String(params.id));
        users = users.filter((u) => u.id !== params.id);
        return HttpResponse.json({ message: 'User deleted successfully' });
      }),
    );
    const { user, row, menuOf, edit, table } = await openTab(owner);
    expect(within(row('Olivia Owens')).getByText('Super Admin', { exact: true })).toBeVisible();
    expect(await menuOf('Olivia Owens')).toEqual(['Send Set-Password Link to Olivia Owens']);

    const dialog = await edit('Ada Colleague');
    for (const field of ['First Name', 'Last Name', 'Email Address']) expect(within(dialog).getByLabelText(field)).toBeEnabled();
    expect(within(dialog).queryByText("Only a Super Admin can change an administrator's name or email address.")).toBeNull();
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());

    expect(await menuOf('Ada Colleague')).toEqual(['Send Set-Password Link to Ada Colleague', 'Delete User Ada Colleague']);
    await user.click(within(row('Ada Colleague')).getByRole('button', { name: 'More actions for Ada Colleague' }));
    await user.click(await screen.findByRole('menuitem', { name: /^Delete User\s*Ada Colleague$/ }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Delete User' })).getByRole('button', { name: 'Delete User' }));

    expect((await screen.findAllByText('User Deleted', { exact: true }))[0]).toBeVisible();
    expect(deleted).toEqual([colleague.id]);
    await waitFor(() => expect(within(table).queryAllByText('Ada Colleague')).toHaveLength(0));
  });

  it('a failed users fetch is reported in the tab, and Try again recovers', async () => {
    let failures = 1;
    api.use(
      http.get('/api/admin/users', () =>
        failures-- > 0
          ? refusal(500, 'INTERNAL', 'The database is not answering')
          : HttpResponse.json({ users: everyone, page: 1, limit: 25, total: 4, totalPages: 1 }),
      ),
    );
    const { user } = await renderApp(<UsersTab />, { user: signedInAs(adam) });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Failed to fetch users');
    expect(alert).toHaveTextContent('The database is not answering');
    await user.click(within(alert).getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Showing 1 - 4 of 4 users')).toBeVisible();
    expect(screen.queryByText('Failed to fetch users')).toBeNull();
  });
});
