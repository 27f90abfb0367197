import fs from 'node:fs';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { demoAccounts, saveScreenshot, signIn } from './support/login';

// Issue 34, the activity log (docs/product-rules.md "Activity log"): a staff change (an administrator renames a class's
// description) is an entry the owner finds in Admin → Activity, filtered by what was done, with the fields before and
// after behind 'What changed', and downloads as CSV; at 390 and 1280 px.
let office: APIRequestContext;
const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 5)}`;
const description = `Described for the activity journey ${run}`;

test.beforeAll(async ({ baseURL }) => {
  office = await playwrightRequest.newContext({ baseURL });
  expect((await office.post('/api/auth/login', { data: demoAccounts.admin })).status()).toBe(200);
  const classes = (await (await office.get('/api/classes')).json()) as Array<{ id: string; name: string; description: string | null }>;
  const target = classes[0]!;
  const changed = await office.put(`/api/admin/classes/${target.id}`, { data: { name: target.name, description } });
  expect(changed.status(), await changed.text()).toBe(200);
});

test.afterAll(async () => {
  await office.dispose();
});

for (const viewport of [{ width: 390, height: 844 }, { width: 1280, height: 900 }]) {
  test(`the owner reads what staff changed and downloads it at ${viewport.width} px`, async ({ page }) => {
    await page.setViewportSize(viewport);
    await signIn(page, demoAccounts.owner);
    await page.goto('/admin?tab=activity');
    const panel = page.getByRole('tabpanel', { name: 'Activity' });
    await expect(panel.getByRole('heading', { name: 'Activity' })).toBeVisible();

    await panel.getByLabel('What').selectOption({ label: 'Class changed' });
    const entry = panel.getByRole('list', { name: 'Activity entries' }).getByRole('listitem').filter({ hasText: `→ ${description}` }).first();
    // The journey's entry (other journeys change classes too): its change shows once 'What changed' is open.
    await expect(entry.getByText('Class changed', { exact: true })).toBeVisible();
    await expect(entry.getByText('Adam Archer')).toBeVisible();
    await entry.getByText('What changed').click();
    await expect(entry.getByText(new RegExp(`description: .* → ${description}`))).toBeVisible();
    // Nothing runs off the screen's side at a phone's width.
    const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
    expect(overflow).toBeLessThanOrEqual(0);
    await saveScreenshot(page, `admin-activity-${viewport.width}`);

    const download = page.waitForEvent('download');
    await panel.getByRole('link', { name: 'Export CSV' }).click();
    const file = await (await download).path();
    const csv = fs.readFileSync(file, 'utf8');
    expect(csv.split('\r\n')[0]).toBe('\uFEFFWhen,Who,Role,What,Family,Session,Changes,Address,Entry');
    expect(csv).toContain(description);
    expect(csv).not.toContain('Account added');
  });
}
