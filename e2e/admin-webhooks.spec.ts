import { createHmac } from 'node:crypto';
import fs from 'node:fs';
import { expect, test, type APIRequestContext, type Locator, type Page } from '@playwright/test';
import { BUILT_IN_SAMPLE_PAYLOAD } from '../src/shared/rules/field-mapping';
import { demoAccounts, notifications, saveScreenshot, signIn } from './support/login';

// The CRM integration from the office's side: a webhook configuration is created with a generated secret (shown
// once), the CRM's signed delivery creates a parent account and shows up in the Logs tab as Success (with the
// mapped e-mail and the signature header redacted), an unsigned one as Error 401; switched off, the receiver
// answers 404; an edit keeps the secret; deleting asks first. The configuration's name and endpoint are unique
// per run, and the seeded 'CRM plan purchases' configuration is left alone. A configuration without a secret (the
// table's and the edit's words) is a component test: src/web/features/admin-webhooks/components/webhook-configs-card.test.tsx.
test.describe.configure({ mode: 'serial' });

const run = `${Date.now().toString(36)}${Math.floor(Math.random() * 1296).toString(36)}`;
const config = {
  name: `E2E plan purchases ${run}`,
  endpoint: `e2e-plans-${run}`,
  description: 'Plan purchases from the test CRM',
};
const SHOTS = '/tmp/shots-c';

/** Shared by the serial tests: the secret copied from the one-time dialog. */
let secretKey = '';
/** The family the signed delivery creates. */
const family = { email: `e2e.webhook.${run}@example.com`, firstName: 'Robin', lastName: `Webhook${run}` };

async function shot(page: Page, name: string, fullPage = false): Promise<void> {
  fs.mkdirSync(SHOTS, { recursive: true });
  await saveScreenshot(page, name, { fullPage, folder: SHOTS });
}

async function openAdminTab(page: Page, tab: 'Settings' | 'Logs'): Promise<Locator> {
  await signIn(page, demoAccounts.admin);
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel', exact: true }).click();
  await page.getByRole('tab', { name: tab }).click();
  return page.getByRole('tabpanel', { name: tab });
}

async function openSettings(page: Page): Promise<Locator> {
  const panel = await openAdminTab(page, 'Settings');
  await expect(panel.getByRole('heading', { name: 'Webhook Configurations' })).toBeVisible();
  const table = panel.getByRole('table', { name: 'Webhook configurations' });
  await expect(table.locator('tbody tr').first()).not.toHaveAttribute('aria-busy', 'true');
  return table;
}

const rowOf = (table: Locator, name: string) => table.getByRole('row').filter({ hasText: name });

function payload(): string {
  return JSON.stringify({
    ...BUILT_IN_SAMPLE_PAYLOAD,
    occurredAt: new Date().toISOString(),
    contact: { ...BUILT_IN_SAMPLE_PAYLOAD.contact, id: `crm-${run}`, email: family.email, firstName: family.firstName, lastName: family.lastName },
  });
}

/** Posts a delivery the way the CRM does: the raw JSON body, signed with the secret unless told otherwise. */
async function deliver(request: APIRequestContext, body: string, options: { secret?: string } = {}) {
  const headers: Record<string, string> = { 'content-type': 'application/json' };
  if (options.secret) {
    const t = Math.floor(Date.now() / 1000);
    const v1 = createHmac('sha256', options.secret).update(`${t}.${body}`).digest('hex');
    headers['x-webhook-signature'] = `t=${t},v1=${v1}`;
  }
  return request.post(`/api/webhooks/${config.endpoint}`, { data: body, headers });
}

test('an admin creates a signed webhook configuration and copies its secret once', async ({ page, context, baseURL }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write'], { origin: baseURL });
  const table = await openSettings(page);
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Receiver URL', 'Status', 'Triggers', 'Last triggered', 'Signature', 'Actions']);
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  const dialog = page.getByRole('dialog', { name: 'Add Webhook Configuration' });
  await expect(dialog).toBeVisible();

  // Spec 5: name, endpoint and field mappings are required; the mappings must be JSON. Active by default.
  // Issue 17: so is the secret key (the Generate button makes one).
  const mappings = dialog.getByLabel('Field mappings');
  await expect(mappings).toHaveValue(/"email": "contact.email"/);
  await expect(dialog.getByRole('checkbox', { name: /^Active/ })).toBeChecked();
  await mappings.fill('');
  await dialog.getByRole('button', { name: 'Create Webhook' }).click();
  await expect(dialog.getByText('Name is required')).toBeVisible();
  await expect(dialog.getByText('Endpoint is required')).toBeVisible();
  await expect(dialog.getByText('Field mappings are required')).toBeVisible();
  await expect(dialog.getByText('Secret key is required')).toBeVisible();
  await mappings.fill('{"email": "contact.email"');
  await dialog.getByRole('button', { name: 'Create Webhook' }).click();
  await expect(dialog.getByText('Field mappings must be valid JSON')).toBeVisible();
  await mappings.fill('{\n  "email": "contact.email",\n  "firstName": "contact.firstName",\n  "lastName": "contact.lastName",\n  "planTier": "plan.tier"\n}');

  await dialog.getByLabel('Name').fill(config.name);
  await dialog.getByLabel('Endpoint').fill(config.endpoint);
  await dialog.getByLabel(/^Description/).fill(config.description);
  await expect(dialog.getByLabel(/^Mapping template/)).toHaveValue('');
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await expect(dialog.getByLabel(/^Secret key/)).toHaveValue(/^[0-9a-f]{64}$/);
  const generated = await dialog.getByLabel(/^Secret key/).inputValue();
  await shot(page, 'webhook-form-1280');
  await dialog.getByRole('button', { name: 'Create Webhook' }).click();

  // The secret, once.
  const secretDialog = page.getByRole('dialog', { name: 'Copy your signing secret' });
  await expect(secretDialog).toBeVisible();
  await expect(dialog).toHaveCount(0);
  await expect(secretDialog).toContainText("This is the only time the secret is shown. Store it in your CRM's webhook settings.");
  await expect(secretDialog).toContainText('X-Webhook-Signature');
  secretKey = (await secretDialog.getByTestId('webhook-secret').textContent())!.trim();
  expect(secretKey).toBe(generated);
  await secretDialog.getByRole('button', { name: 'Copy secret' }).click();
  await expect(notifications(page).getByText('Copied!')).toBeVisible();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secretKey);
  await shot(page, 'webhook-secret-1280');
  await secretDialog.getByRole('button', { name: 'Done' }).click();
  await expect(secretDialog).toHaveCount(0);

  const row = rowOf(table, config.name);
  await expect(row).toContainText(config.description);
  await expect(row).toContainText(`/api/webhooks/${config.endpoint}`);
  await expect(row).toContainText('Signed');
  await expect(row).toContainText('Never');
  await expect(row.getByRole('switch', { name: `Active: ${config.name}` })).toHaveAttribute('aria-checked', 'true');
  await expect(row.getByRole('button', { name: `Copy receiver URL of ${config.name}` })).toBeVisible();
  // The secret is gone from the page once its dialog closed, and the list never carries it.
  await expect(page.getByText(secretKey)).toHaveCount(0);
  const list = await (await page.request.get('/api/admin/webhooks')).text();
  expect(list).not.toContain(secretKey);

  // The same endpoint twice is refused on the field.
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  await dialog.getByLabel('Name').fill(`${config.name} copy`);
  await dialog.getByLabel('Endpoint').fill(config.endpoint);
  await dialog.getByRole('button', { name: 'Generate' }).click();
  await dialog.getByRole('button', { name: 'Create Webhook' }).click();
  await expect(notifications(page).getByText('Creation Failed')).toBeVisible();
  await expect(dialog.getByText('A webhook with this endpoint already exists')).toBeVisible();
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toHaveCount(0);
  await page.getByRole('heading', { name: 'Webhook Configurations' }).scrollIntoViewIfNeeded();
  await shot(page, 'settings-webhooks-1280');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('heading', { name: 'Webhook Configurations' }).scrollIntoViewIfNeeded();
  await shot(page, 'settings-webhooks-390');
  await page.getByRole('button', { name: 'Add Webhook' }).click();
  await expect(dialog).toBeInViewport();
  await shot(page, 'webhook-form-390');
});

test('a signed delivery is logged as Success with its mapped email, an unsigned one as Error 401', async ({ page, request }) => {
  expect(secretKey).not.toBe('');
  const signed = await deliver(request, payload(), { secret: secretKey });
  expect(signed.status(), await signed.text()).toBe(201);
  const unsigned = await deliver(request, payload());
  expect(unsigned.status()).toBe(401);

  const panel = await openAdminTab(page, 'Logs');
  await expect(panel.getByRole('heading', { name: 'Webhook Logs' })).toBeVisible();
  await expect(panel.getByLabel('Show')).toHaveValue('50');
  await panel.getByLabel('Configuration').selectOption({ label: config.name });
  const table = panel.getByRole('table', { name: 'Webhook deliveries' });
  const rows = table.locator('tbody tr');
  await expect(rows).toHaveCount(2);
  await expect(table.getByRole('columnheader')).toHaveText(['Received', 'Configuration', 'Status', 'Message', 'Time', 'IP', 'Actions']);
  // Newest first.
  await expect(rows.nth(0)).toContainText('Error 401');
  await expect(rows.nth(1)).toContainText('Success 201');
  await expect(rows.nth(1)).toContainText(config.name);
  await shot(page, 'logs-1280', true);

  await rows.nth(1).getByRole('button', { name: /^View delivery / }).click();
  const dialog = page.getByRole('dialog', { name: 'Webhook Delivery' });
  await expect(dialog).toBeVisible();
  await expect(dialog.getByRole('table', { name: 'Mapped data' }).getByRole('row', { name: /Email/ })).toContainText(family.email);
  await expect(dialog.getByLabel('Headers')).toContainText('"x-webhook-signature": "[redacted]"');
  await expect(dialog.getByLabel('Body')).toContainText(family.email);
  await expect(dialog).not.toContainText(secretKey);
  await shot(page, 'log-detail-1280');
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toHaveCount(0);

  await rows.nth(0).getByRole('button', { name: /^View delivery / }).click();
  await expect(dialog.getByText('Error 401').first()).toBeVisible();
  await expect(dialog.getByRole('heading', { name: 'Headers' })).toBeVisible();
  await shot(page, 'log-detail-error-1280');
  await dialog.getByRole('button', { name: 'Close' }).click();

  // The configuration's counters moved.
  await page.getByRole('tab', { name: 'Settings' }).click();
  const settingsRow = rowOf(page.getByRole('table', { name: 'Webhook configurations' }), config.name);
  // innerText: the cell also holds its phone-only label ('Triggers'), hidden at this width.
  await expect(settingsRow.getByRole('cell').nth(3)).not.toHaveText('0', { useInnerText: true });
  await expect(settingsRow.getByRole('cell').nth(3)).toHaveText(/^\d+$/, { useInnerText: true });
  await expect(settingsRow).not.toContainText('Never');

  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('tab', { name: 'Logs' }).click();
  await panel.getByLabel('Configuration').selectOption({ label: config.name });
  await expect(rows).toHaveCount(2);
  await shot(page, 'logs-390');
  await rows.nth(1).getByRole('button', { name: /^View delivery / }).click();
  await expect(dialog).toBeInViewport();
  await shot(page, 'log-detail-390');
  // The dialog scrolls on a phone down to the body.
  await dialog.getByLabel('Body').scrollIntoViewIfNeeded();
  await expect(dialog.getByLabel('Body')).toBeInViewport();
});

test('switched off, the receiver answers 404; an edit keeps the secret; delete asks first', async ({ page, request }) => {
  const table = await openSettings(page);
  const row = rowOf(table, config.name);
  const toggle = row.getByRole('switch', { name: `Active: ${config.name}` });
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'false');
  await expect(row).toContainText('Inactive');
  await expect(notifications(page).getByText('Webhook Updated')).toBeVisible();
  const off = await deliver(request, payload(), { secret: secretKey });
  expect(off.status()).toBe(404);

  // Edit: the secret field stays blank (kept), a description change saves, no secret is shown again.
  await row.getByRole('button', { name: `Edit ${config.name}` }).click();
  const dialog = page.getByRole('dialog', { name: 'Edit Webhook Configuration' });
  await expect(dialog.getByLabel('Name')).toHaveValue(config.name);
  await expect(dialog.getByLabel(/^Secret key/)).toHaveValue('');
  await expect(dialog.getByText('Leave blank to keep the current secret', { exact: false })).toBeVisible();
  // A secret can be replaced, never removed (issue 17).
  await expect(dialog.getByRole('checkbox', { name: /^Remove the secret/ })).toHaveCount(0);
  await expect(dialog.getByRole('checkbox', { name: /^Active/ })).not.toBeChecked();
  await dialog.getByLabel(/^Description/).fill('Edited by the e2e run');
  await dialog.getByRole('button', { name: 'Save Changes' }).click();
  await expect(dialog).toHaveCount(0);
  await expect(notifications(page).getByText('Webhook Updated')).toBeVisible();
  await expect(page.getByRole('dialog', { name: 'Copy your signing secret' })).toHaveCount(0);
  await expect(row).toContainText('Edited by the e2e run');
  await expect(row).toContainText('Signed');

  // Back on: the kept secret still signs.
  await toggle.click();
  await expect(toggle).toHaveAttribute('aria-checked', 'true');
  await expect(table.getByRole('switch', { name: `Active: ${config.name}` })).toBeEnabled();
  const on = await deliver(request, payload(), { secret: secretKey });
  expect([200, 201]).toContain(on.status());

  // Delete, after a confirmation.
  await row.getByRole('button', { name: `Delete ${config.name}` }).click();
  const confirm = page.getByRole('alertdialog', { name: `Delete webhook ${config.name}?` });
  await expect(confirm).toContainText('404');
  await expect(confirm).toContainText('logs are kept');
  await shot(page, 'webhook-delete-1280');
  await confirm.getByRole('button', { name: 'Cancel' }).click();
  await expect(row).toBeVisible();
  await row.getByRole('button', { name: `Delete ${config.name}` }).click();
  await confirm.getByRole('button', { name: 'Delete Webhook' }).click();
  await expect(notifications(page).getByText('Webhook Deleted')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(rowOf(table, config.name)).toHaveCount(0);
  const gone = await deliver(request, payload(), { secret: secretKey });
  expect(gone.status()).toBe(404);
});

test('the Logs tab keeps the deleted configuration’s deliveries and cleans logs older than 30 days', async ({ page }) => {
  const panel = await openAdminTab(page, 'Logs');
  const table = panel.getByRole('table', { name: 'Webhook deliveries' });
  await expect(panel.getByLabel('Configuration').locator('option', { hasText: config.name })).toHaveCount(0);
  await panel.getByLabel('Show').selectOption('200');
  const ours = table.locator('tbody tr').filter({ hasText: config.endpoint });
  await expect(ours.first()).toBeVisible();
  await expect(ours.first()).toContainText('(deleted)');

  await panel.getByRole('button', { name: 'Refresh' }).click();
  await expect(panel.getByRole('button', { name: 'Refresh' })).toBeEnabled();

  await panel.getByRole('button', { name: 'Clean old' }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Remove logs older than 30 days?' });
  await expect(confirm).toBeVisible();
  await confirm.getByRole('button', { name: 'Remove Old Logs' }).click();
  await expect(notifications(page).getByText('Logs Cleaned')).toBeVisible();
  await expect(notifications(page).getByText(/^Removed \d+ logs? older than 30 days\.$/)).toBeVisible();
  // Recent deliveries stay.
  await expect(ours.first()).toBeVisible();
});
