import { configure, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { api, http, HttpResponse } from '../../../test-support/api';
import { admin } from '../../../test-support/fixtures';
import { renderApp, screen } from '../../../test-support/render';
import { WebhookConfigsCard } from './webhook-configs-card';

// A webhook configuration saved before secrets were required (only such old ones lack one): the table says it
// receives nothing, and its edit asks for a secret before saving. Creating a signed configuration, copying its
// secret and the deliveries against the real receiver stay in e2e/admin-webhooks.spec.ts.

configure({ asyncUtilTimeout: 5_000 });

const bare = {
  id: '00000000-0000-4000-8000-0000000000b1',
  name: 'Old unsigned feed',
  endpoint: 'old-feed',
  receiverUrl: 'http://portal.test/api/webhooks/old-feed',
  description: null,
  isActive: true,
  fieldMappings: '{"email": "contact.email"}',
  hasSecret: false,
  templateId: null,
  templateName: null,
  triggerCount: 0,
  lastTriggered: null,
  createdAt: '2026-01-05T15:00:00.000Z',
  updatedAt: '2026-01-05T15:00:00.000Z',
};

describe('webhook configurations', { timeout: 30_000 }, () => {
  it('a configuration saved without a secret says plainly that it receives nothing, and its edit asks for one', async () => {
    api.use(
      http.get('/api/admin/webhooks', () => HttpResponse.json({ webhooks: [bare] })),
      http.get('/api/admin/field-mapping-templates', () => HttpResponse.json({ templates: [] })),
    );
    let saves = 0;
    api.use(http.put('/api/admin/webhooks/:id', () => (saves++, HttpResponse.json(bare))));
    const { user } = await renderApp(<WebhookConfigsCard />, { user: admin() });
    const table = await screen.findByRole('table');
    const row = await within(table).findByRole('row', { name: /Old unsigned feed/ });
    expect(row).toHaveTextContent('No secret — not receiving');

    await user.click(within(row).getByRole('button', { name: /^Edit\s*Old unsigned feed$/ }));
    const dialog = await screen.findByRole('dialog', { name: 'Edit Webhook Configuration' });
    expect(within(dialog).getByText(/This configuration has no secret, so it receives nothing\./)).toBeVisible();
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Secret key is required')).toBeVisible();
    expect(saves).toBe(0);
  });
});
