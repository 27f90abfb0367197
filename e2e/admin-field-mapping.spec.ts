import { createHmac, randomBytes } from 'node:crypto';
import { expect, test, type Locator, type Page } from '@playwright/test';
import { BUILT_IN_SAMPLE_PAYLOAD, DEFAULT_FIELD_MAPPINGS_TEXT } from '../src/shared/rules/field-mapping';
import type { SavedWebhookResponse } from '../src/shared/schemas/webhooks';
import { demoAccounts, notifications, saveScreenshot, signIn } from './support/login';

// The admin Mapping tab: an admin builds a field-mapping template from the latest webhook payload, watches the
// live preview, saves it (v1), edits it (v2), is stopped by an invalid sample, and deletes it. Name and Source
// required, the built-in sample for a new source, leaving with changes, and the demo template a webhook uses not
// deleted are component tests (src/web/features/admin-field-mapping/components/field-mapping-tab.test.tsx; the
// server's refusal itself: src/server/routes/admin/field-mapping-templates.test.ts). The webhook configuration this file creates (and the family its delivery
// creates) are removed at the end.
test.describe.configure({ mode: 'serial' });

const unique = `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4).toString(36)}`;
const endpoint = `e2e-map-${unique}`;
const webhookName = `E2E mapping hook ${unique}`;
const templateName = `E2E template ${unique}`;
/** Mixed case on purpose: the rule lower-cases it. */
const email = `Casey.Map.${unique}@Example.com`;
const payload = {
  ...BUILT_IN_SAMPLE_PAYLOAD,
  contact: { ...BUILT_IN_SAMPLE_PAYLOAD.contact, id: `crm-${unique}`, email, firstName: '  Casey  ', lastName: `Mapper${unique}` },
  plan: { tier: 'two', sessionsPerWeek: 2 },
};

const SHOTS = '/tmp/shots-d';

async function openMappingTab(page: Page): Promise<Locator> {
  await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'Admin Panel', exact: true }).click();
  await page.getByRole('tab', { name: 'Mapping' }).click();
  await expect(page).toHaveURL(/\/admin\?tab=field-mapping$/);
  await expect(page.getByRole('heading', { level: 2, name: 'Field Mapping Templates' })).toBeVisible();
  const table = page.getByRole('table', { name: 'Field mapping templates' });
  await expect(table.locator('tbody tr').first()).not.toHaveAttribute('aria-busy', 'true');
  return table;
}

const rowOf = (table: Locator, name: string) => table.getByRole('row').filter({ hasText: name });
const toast = (page: Page, title: string) => notifications(page).getByText(title, { exact: true });

/** Fills one rule row (1-based) the way a person does: path (offered by the sample), target, options. */
async function fillRule(page: Page, n: number, rule: { path: string; target: string; transform: string; required?: boolean }) {
  await page.getByRole('button', { name: 'Add rule' }).click();
  const path = page.getByRole('combobox', { name: `Source path, rule ${n}` });
  await expect(path).toBeFocused();
  await path.fill(rule.path);
  await page.getByRole('combobox', { name: `Target field, rule ${n}` }).selectOption({ label: rule.target });
  await page.getByRole('combobox', { name: `Transform, rule ${n}` }).selectOption(rule.transform);
  if (rule.required) await page.getByRole('checkbox', { name: `Required, rule ${n}` }).check();
}

let webhookId: string | null = null;

test.afterAll(async ({ browser }) => {
  // Best effort: remove the webhook configuration and the family its delivery created.
  const page = await browser.newPage();
  try {
    await signIn(page, demoAccounts.admin);
    if (webhookId) await page.request.delete(`/api/admin/webhooks/${webhookId}`);
    const found = await page.request.get(`/api/admin/users?search=${encodeURIComponent(email.toLowerCase())}`);
    if (found.ok()) {
      const body = (await found.json()) as { users: Array<{ id: string; email: string }> };
      for (const user of body.users.filter((u) => u.email === email.toLowerCase())) await page.request.delete(`/api/admin/users/${user.id}`);
    }
  } finally {
    await page.close();
  }
});

test('an admin builds a template from the latest payload, previews it, saves, edits and deletes it', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page, demoAccounts.admin);

  // A signed delivery to a fresh webhook makes sure there is a latest payload, and that it is ours.
  const secretKey = randomBytes(32).toString('hex');
  const created = await page.request.post('/api/admin/webhooks', { data: { name: webhookName, endpoint, fieldMappings: DEFAULT_FIELD_MAPPINGS_TEXT, secretKey } });
  expect(created.status(), await created.text()).toBe(201);
  webhookId = ((await created.json()) as SavedWebhookResponse).id;
  const body = JSON.stringify(payload);
  const t = Math.floor(Date.now() / 1000);
  const signature = `t=${t},v1=${createHmac('sha256', secretKey).update(`${t}.${body}`).digest('hex')}`;
  const delivered = await page.request.post(`/api/webhooks/${endpoint}`, { data: body, headers: { 'content-type': 'application/json', 'x-webhook-signature': signature } });
  expect(delivered.ok(), await delivered.text()).toBe(true);

  const table = await openMappingTab(page);
  await expect(table.getByRole('columnheader')).toHaveText(['Name', 'Source', 'Status', 'Version', 'Rules', 'Author', 'Created', 'Updated', 'Used by', 'Actions']);
  await saveScreenshot(page, 'e2e-list-1280', { folder: SHOTS });

  // New template: name and source, then the latest payload as the sample.
  await page.getByRole('button', { name: 'New Template' }).click();
  await expect(page.getByRole('heading', { level: 2, name: 'New Template' })).toBeFocused();
  await page.getByRole('textbox', { name: 'Name' }).fill(templateName);
  await page.getByRole('textbox', { name: 'Source' }).fill(endpoint);
  await page.getByRole('button', { name: 'Load latest payload' }).click();
  const sample = page.getByRole('textbox', { name: 'Sample JSON' });
  await expect.poll(() => sample.inputValue()).toContain(email);
  await expect(page.getByText(`Latest payload received by ${webhookName}`)).toBeVisible();
  // The sample's fields are offered as source paths.
  for (const path of ['contact.email', 'contact.firstName', 'plan.tier', 'children[1].name']) {
    await expect(page.locator(`datalist option[value="${path}"]`)).toHaveCount(1);
  }

  const preview = page.getByRole('region', { name: 'Preview' });
  await expect(preview.getByRole('heading', { level: 3, name: 'Preview' })).toBeVisible();

  await fillRule(page, 1, { path: 'contact.email', target: 'Email', transform: 'toLower', required: true });
  await expect(page.getByText(`Sample: ${email}`)).toBeVisible();
  await fillRule(page, 2, { path: 'contact.firstName', target: 'First name', transform: 'trim' });
  await fillRule(page, 3, { path: 'plan.tier', target: 'Plan tier', transform: 'toUpper' });

  // The live preview maps the sample with the rules (after a short pause in typing).
  const mapped = preview.getByRole('table', { name: 'Mapped fields' });
  await expect(mapped.getByRole('row', { name: `Email ${email.toLowerCase()}` })).toBeVisible({ timeout: 10_000 });
  await expect(mapped.getByRole('row', { name: 'First name Casey' })).toBeVisible();
  await expect(mapped.getByRole('row', { name: 'Plan tier TWO' })).toBeVisible();

  // A bad path is named inline; a required rule whose value is missing shows in the preview.
  await fillRule(page, 4, { path: 'contact..id', target: 'CRM user id', transform: 'none', required: true });
  await expect(page.getByText('Source path must look like contact.email or children[0].name')).toBeVisible();
  await page.getByRole('combobox', { name: 'Source path, rule 4' }).fill('contact.crmNumber');
  await expect(page.getByText('Not in the sample')).toBeVisible();
  await expect(preview.getByText('Missing: CRM user id')).toBeVisible({ timeout: 10_000 });
  await page.setViewportSize({ width: 1280, height: 900 });
  await saveScreenshot(page, 'e2e-editor-1280', { folder: SHOTS });
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'e2e-editor-390', { folder: SHOTS });
  await page.setViewportSize({ width: 1280, height: 720 });
  // Move it up one place (focus follows the moved row), then remove it.
  await page.getByRole('button', { name: 'Move rule 4 up' }).click();
  await expect(page.getByRole('button', { name: 'Move rule 3 up' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Source path, rule 3' })).toHaveValue('contact.crmNumber');
  await expect(page.getByRole('combobox', { name: 'Source path, rule 4' })).toHaveValue('plan.tier');
  await page.getByRole('button', { name: 'Remove rule 3' }).click();
  await expect(page.getByRole('combobox', { name: 'Source path, rule 3' })).toHaveValue('plan.tier');
  await expect(page.getByRole('button', { name: 'Remove rule 3' })).toBeFocused();
  await expect(page.getByRole('combobox', { name: 'Source path, rule 4' })).toHaveCount(0);
  await expect(preview.getByText('Missing: CRM user id')).toHaveCount(0, { timeout: 10_000 });

  await page.getByRole('button', { name: 'Save Template' }).click();
  await expect(toast(page, 'Template Saved')).toBeVisible();
  await expect(page.getByRole('heading', { level: 2, name: 'Field Mapping Templates' })).toBeFocused();
  let row = rowOf(table, templateName);
  await expect(row).toContainText('Active');
  await expect(row).toContainText('v1');
  // innerText: the cell also holds its phone-only label ('Rules'), hidden at this width.
  await expect(row.getByRole('cell').nth(4)).toHaveText('3', { useInnerText: true });
  await expect(row).toContainText('Adam Archer');
  await expect(row).toContainText('Not linked');
  await saveScreenshot(page, 'e2e-list-saved-1280', { folder: SHOTS });
  await page.setViewportSize({ width: 390, height: 844 });
  await saveScreenshot(page, 'e2e-list-390', { folder: SHOTS });
  await page.setViewportSize({ width: 1280, height: 720 });

  // Edit: the rules come back in order; a change makes version 2.
  await row.getByRole('button', { name: `Edit ${templateName}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Edit Template: ${templateName} (v1)` })).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Source path, rule 1' })).toHaveValue('contact.email');
  await expect(page.getByRole('combobox', { name: 'Target field, rule 3' })).toHaveValue('planTier');
  await expect(page.getByRole('checkbox', { name: 'Required, rule 1' })).toBeChecked();
  await expect.poll(() => sample.inputValue()).toContain(email);
  await page.getByRole('textbox', { name: 'Description' }).fill('Plan purchases, built by the e2e journey');
  await page.getByRole('checkbox', { name: 'Active' }).uncheck();
  await page.getByRole('button', { name: 'Update Template' }).click();
  await expect(toast(page, 'Template Updated')).toBeVisible();
  row = rowOf(table, templateName);
  await expect(row).toContainText('v2');
  await expect(row).toContainText('Inactive');
  await expect(row).toContainText('Plan purchases, built by the e2e journey');

  // An invalid sample: named inline, the preview refuses, and the save is refused.
  await row.getByRole('button', { name: `Edit ${templateName}` }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Edit Template: ${templateName} (v2)` })).toBeVisible();
  await sample.fill('{ "contact": ');
  await expect(page.getByText('Invalid sample JSON')).toBeVisible();
  await preview.getByRole('button', { name: 'Preview' }).click();
  await expect(toast(page, 'Preview Error')).toBeVisible();
  await expect(notifications(page).getByText('Invalid JSON or mapping configuration')).toBeVisible();
  await page.getByRole('button', { name: 'Update Template' }).click();
  await expect(sample).toBeFocused();
  await expect(sample).toHaveAttribute('aria-invalid', 'true');
  await expect(toast(page, 'Template Updated')).toHaveCount(0);
  // Leaving with unsaved changes asks first.
  await page.getByRole('button', { name: 'Back to templates' }).click();
  const discard = page.getByRole('alertdialog', { name: 'Discard unsaved changes?' });
  await discard.getByRole('button', { name: 'Keep editing' }).click();
  await expect(page.getByRole('heading', { level: 2, name: `Edit Template: ${templateName} (v2)` })).toBeVisible();
  await page.getByRole('button', { name: 'Back to templates' }).click();
  await discard.getByRole('button', { name: 'Discard changes' }).click();
  row = rowOf(table, templateName);
  await expect(row).toContainText('v2');

  // Delete, with confirmation.
  await row.getByRole('button', { name: `Delete ${templateName}` }).click();
  const confirm = page.getByRole('alertdialog', { name: 'Delete Template' });
  await expect(confirm).toContainText(templateName);
  await confirm.getByRole('button', { name: 'Delete Template' }).click();
  await expect(toast(page, 'Template Deleted')).toBeVisible();
  await expect(confirm).toHaveCount(0);
  await expect(rowOf(table, templateName)).toHaveCount(0);
});
