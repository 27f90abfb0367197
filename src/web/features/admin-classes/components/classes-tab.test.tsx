import { configure, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, http, HttpResponse, refusal } from '../../../test-support/api';
import { admin, classType } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { ClassesTab } from './classes-tab';

// The Classes tab's 'Edit Class Type' below the browser: what is sent, the server's refusal in a toast with the
// dialog kept open, and a required name. The rename seen by a parent in the calendar stays in
// e2e/admin-classes.spec.ts.

configure({ asyncUtilTimeout: 5_000 });

const movers = classType({ name: 'Little Movers', code: 'MOVERS', description: 'Ages 3 to 5' });

async function editMovers() {
  api.use(http.get('/api/classes', () => HttpResponse.json([movers])));
  const rendered = await renderApp(<ClassesTab />, { user: admin() });
  await rendered.user.click(await screen.findByRole('button', { name: /^Edit\s*Little Movers$/ }));
  const dialog = await screen.findByRole('dialog', { name: 'Edit Class Type' });
  return { ...rendered, dialog, name: within(dialog).getByLabelText('Name', { exact: true }) };
}

describe('Classes tab', { timeout: 30_000 }, () => {
  it("a refused update shows 'Update Failed' with the server's message and keeps the dialog open", async () => {
    let sent: unknown = null;
    api.use(
      http.put('/api/admin/classes/:id', async ({ request }) => {
        sent = await request.json();
        return refusal(404, 'NOT_FOUND', 'Class type not found');
      }),
    );
    const { user, dialog, name } = await editMovers();
    await user.clear(name);
    await user.type(name, 'Mini Movers');
    // Issue 33: the class's session defaults are in the form too.
    const capacity = within(dialog).getByLabelText('Default capacity');
    expect(capacity).toHaveValue(50);
    await user.clear(capacity);
    await user.type(capacity, '12');
    await user.clear(within(dialog).getByLabelText('Default location'));
    await user.type(within(dialog).getByLabelText('Default location'), 'Studio B');
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));

    expect((await screen.findAllByText('Update Failed'))[0]).toBeVisible();
    expect(screen.getAllByText('Class type not found')[0]).toBeVisible();
    expect(sent).toEqual({ name: 'Mini Movers', description: 'Ages 3 to 5', defaultCapacity: 12, defaultLocation: 'Studio B' });
    expect(screen.getByRole('dialog', { name: 'Edit Class Type' })).toBeVisible();
    await waitFor(() => expect(within(dialog).getByRole('button', { name: 'Save' })).toBeEnabled());

    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).toBeNull());
  });

  it('a blank name is refused in the dialog, before anything is sent', async () => {
    const { user, dialog, name } = await editMovers();
    await user.clear(name);
    await user.click(within(dialog).getByRole('button', { name: 'Save' }));
    expect(await within(dialog).findByText(/Name is required/)).toBeVisible();
    expect(name).toHaveAttribute('aria-invalid', 'true');
  });
});
