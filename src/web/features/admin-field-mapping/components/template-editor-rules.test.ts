import { describe, expect, it } from 'vitest';
import { isPreviewCurrent, latestPayloadNote, previewNotReady, saveLabel, savedToast, sourceSampleNote, templateTitle } from './template-editor-rules';
import { formatTemplateDate } from './template-form';

const at = '2026-03-10T15:30:00.000Z';

describe('the template editor', () => {
  it('says why the preview is empty until a valid sample and a complete rule exist', () => {
    expect(previewNotReady('empty', 1, true)).toBe('Paste a sample payload or load one to see what the rules make of it.');
    expect(previewNotReady('invalid', 1, true)).toBe('Fix the sample JSON to see the preview.');
    expect(previewNotReady('valid', 0, false)).toBe('Add a rule with a source path and a target field to see the mapped fields.');
    // An earlier preview stays on screen while the rules are being completed again.
    expect(previewNotReady('valid', 0, true)).toBeNull();
    expect(previewNotReady('valid', 2, false)).toBeNull();
  });

  it('notes where a loaded sample came from', () => {
    expect(latestPayloadNote({ webhookName: 'CRM plans', endpoint: 'crm-plans', receivedAt: at })).toBe(
      `Latest payload received by CRM plans on ${formatTemplateDate(at)}.`,
    );
    expect(latestPayloadNote({ webhookName: null, endpoint: 'crm-plans', receivedAt: at })).toBe(`Latest payload received by crm-plans on ${formatTemplateDate(at)}.`);
    expect(sourceSampleNote({ origin: 'latest', source: 'HubSpot', receivedAt: at }, 'hubspot')).toBe(
      `Latest payload received for HubSpot on ${formatTemplateDate(at)}.`,
    );
    expect(sourceSampleNote({ origin: 'latest', source: null, receivedAt: null }, 'hubspot')).toBe('Latest payload received for hubspot.');
    expect(sourceSampleNote({ origin: 'built-in', source: null, receivedAt: null }, '  Zoho ')).toBe('No payload received for “Zoho” yet: showing the built-in sample.');
    expect(sourceSampleNote({ origin: 'built-in', source: null, receivedAt: null }, ' ')).toBe('The built-in sample payload.');
  });

  it('toasts a new template and an edited one with its version', () => {
    expect(savedToast(false, { name: 'CRM', version: 1 })).toEqual({ title: 'Template Saved', description: 'CRM has been created.' });
    expect(savedToast(true, { name: 'CRM', version: 3 })).toEqual({ title: 'Template Updated', description: 'CRM is now version 3.' });
  });
});

describe('the template editor: heading, save button and preview', () => {
  it('names the template edited with its version, or a new one', () => {
    expect(templateTitle({ name: 'CRM plans', version: 3 })).toBe('Edit Template: CRM plans (v3)');
    expect(templateTitle(null)).toBe('New Template');
  });

  it('labels the save button for a new or an edited template, and while saving', () => {
    expect(saveLabel(false, false)).toBe('Save Template');
    expect(saveLabel(false, true)).toBe('Update Template');
    expect(saveLabel(true, true)).toBe('Saving...');
  });

  it('reads the preview as current only when it was made from the request as it is now', () => {
    const request = { samplePayload: { a: 1 }, rules: [{ sourcePath: 'a', targetPath: 'email' }] };
    expect(isPreviewCurrent(request, JSON.stringify(request))).toBe(true);
    expect(isPreviewCurrent({ ...request, rules: [] }, JSON.stringify(request))).toBe(false);
    expect(isPreviewCurrent(undefined, JSON.stringify(request))).toBe(false);
  });
});
