import { configure, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { BUILT_IN_SAMPLE_PAYLOAD } from '../../../../shared/rules/field-mapping';
import type { TemplateDto } from '../../../../shared/schemas/field-mapping-templates';
import { api, http, HttpResponse, refusal } from '../../../test-support/api';
import { admin, uuid } from '../../../test-support/fixtures';
import { renderApp, screen, waitFor } from '../../../test-support/render';
import { FieldMappingTab } from './field-mapping-tab';

// The field mapping editor's rules through the tab's screen only (its internals are being split elsewhere): Name and
// Source required, a source with no payload yet gets the built-in sample, suggested rules previewed, leaving with
// changes asks first, and a template a webhook uses cannot be deleted (the server's refusal in a toast). Building,
// previewing against the real server, saving, editing and deleting a template stay in e2e/admin-field-mapping.spec.ts.

configure({ asyncUtilTimeout: 5_000 });

const demo: TemplateDto = {
  id: uuid(0x7e3a, 1),
  name: 'CRM plan purchase',
  source: 'crm',
  description: null,
  isActive: true,
  version: 1,
  samplePayload: null,
  rules: [{ id: uuid(0x7e3b, 1), sourcePath: 'contact.email', targetPath: 'email', required: true, order: 0, transform: 'none', notes: null }],
  createdBy: { firstName: 'Adam', lastName: 'Archer' },
  usedBy: [{ id: uuid(0x3eb0, 1), name: 'CRM plan purchases' }],
  createdAt: '2026-01-05T15:00:00.000Z',
  updatedAt: '2026-01-05T15:00:00.000Z',
} as TemplateDto;

describe('Field mapping tab', { timeout: 60_000 }, () => {
  it('Name and Source are required; a new source gets the built-in sample and suggested rules; leaving with changes asks first', async () => {
    const previews: unknown[] = [];
    api.use(
      http.get('/api/admin/field-mapping-templates', () => HttpResponse.json({ templates: [demo] })),
      http.get('/api/admin/webhook-sample', ({ request }) =>
        HttpResponse.json({ source: new URL(request.url).searchParams.get('source'), origin: 'built-in', receivedAt: null, payload: BUILT_IN_SAMPLE_PAYLOAD }),
      ),
      http.post('/api/admin/field-mapping-templates/preview', async ({ request }) => {
        previews.push(await request.json());
        return HttpResponse.json({ mappedData: { email: BUILT_IN_SAMPLE_PAYLOAD.contact.email }, missing: [], errors: [] });
      }),
    );
    const { user } = await renderApp(<FieldMappingTab />, { user: admin() });
    await user.click(await screen.findByRole('button', { name: 'New Template' }));
    await user.click(screen.getByRole('button', { name: 'Save Template' }));
    expect(await screen.findByText('Name is required')).toBeVisible();
    expect(screen.getByText('Source is required')).toBeVisible();
    await waitFor(() => expect(screen.getByRole('textbox', { name: 'Name' })).toHaveFocus());

    await user.type(screen.getByRole('textbox', { name: 'Source' }), 'no-such-crm');
    await user.click(screen.getByRole('button', { name: 'Load sample for source' }));
    await waitFor(() => expect((screen.getByRole('textbox', { name: 'Sample JSON' }) as HTMLTextAreaElement).value).toContain(BUILT_IN_SAMPLE_PAYLOAD.contact.email));
    expect(screen.getByText('No payload received for “no-such-crm” yet: showing the built-in sample.')).toBeVisible();
    expect(screen.queryByText('Invalid sample JSON')).toBeNull();

    await user.click(screen.getByRole('button', { name: 'Add suggested rules' }));
    expect(await screen.findByText('Added 10 suggested rules; check each target before saving.')).toBeVisible();
    expect(screen.getByRole('combobox', { name: 'Target field, rule 6' })).toHaveValue('weeklyLimit');
    // The preview follows the rules as they change (debounced), from the server's answer.
    const mapped = await within(screen.getByRole('region', { name: 'Preview' })).findByRole('table', { name: 'Mapped fields' }, { timeout: 10_000 });
    await waitFor(() => expect(within(mapped).getByRole('row', { name: `Email ${BUILT_IN_SAMPLE_PAYLOAD.contact.email}` })).toBeVisible());
    expect(previews.length).toBeGreaterThan(0);

    await user.click(screen.getByRole('button', { name: 'Back to templates' }));
    await user.click(within(await screen.findByRole('alertdialog', { name: 'Discard unsaved changes?' })).getByRole('button', { name: 'Discard changes' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Field Mapping Templates' })).toHaveFocus());
    // Nothing typed: back without a question.
    await user.click(screen.getByRole('button', { name: 'New Template' }));
    await user.click(screen.getByRole('button', { name: 'Back to templates' }));
    await waitFor(() => expect(screen.getByRole('heading', { level: 2, name: 'Field Mapping Templates' })).toHaveFocus());
    expect(screen.queryByRole('alertdialog')).toBeNull();
  });

  it('a template a webhook uses is not deleted: the server refuses and the toast says why', async () => {
    api.use(
      http.get('/api/admin/field-mapping-templates', () => HttpResponse.json({ templates: [demo] })),
      http.delete('/api/admin/field-mapping-templates/:id', () =>
        refusal(409, 'CONFLICT', 'This template is used by webhook "CRM plan purchases"; choose another mapping there first'),
      ),
    );
    const { user } = await renderApp(<FieldMappingTab />, { user: admin() });
    const table = await screen.findByRole('table');
    const row = await within(table).findByRole('row', { name: /CRM plan purchase/ });
    expect(row).toHaveTextContent('CRM plan purchases');
    await user.click(within(row).getByRole('button', { name: /^Delete\s*CRM plan purchase$/ }));
    const confirm = await screen.findByRole('alertdialog', { name: 'Delete Template' });
    await user.click(within(confirm).getByRole('button', { name: 'Delete Template' }));

    expect((await screen.findAllByText('Delete Failed', { exact: true }))[0]).toBeVisible();
    expect(screen.getAllByText(/used by webhook/)[0]).toBeVisible();
    await user.click(within(confirm).getByRole('button', { name: 'Cancel' }));
    expect(within(table).getByRole('row', { name: /CRM plan purchase/ })).toBeVisible();
  });
});
