import type { LatestPayloadResponse, WebhookSampleResponse } from '../../../../shared/schemas/webhooks';
import { formatTemplateDate, type SampleState } from './template-form';

/** Why the live preview shows nothing yet, or null once it can (a valid sample and a complete rule, or an earlier preview). */
export function previewNotReady(sample: SampleState['kind'], completeRules: number, hasPreview: boolean): string | null {
  if (sample === 'empty') return 'Paste a sample payload or load one to see what the rules make of it.';
  if (sample === 'invalid') return 'Fix the sample JSON to see the preview.';
  if (completeRules === 0 && !hasPreview) return 'Add a rule with a source path and a target field to see the mapped fields.';
  return null;
}

/** The note under the sample after 'Latest webhook payload'. */
export function latestPayloadNote(latest: Pick<LatestPayloadResponse, 'webhookName' | 'endpoint' | 'receivedAt'>): string {
  return `Latest payload received by ${latest.webhookName ?? latest.endpoint} on ${formatTemplateDate(latest.receivedAt)}.`;
}

/** The note under the sample after 'Sample for this source': the source's newest delivery, or the built-in sample. */
export function sourceSampleNote(found: Pick<WebhookSampleResponse, 'origin' | 'source' | 'receivedAt'>, source: string): string {
  if (found.origin === 'latest') {
    return `Latest payload received for ${found.source ?? source}${found.receivedAt ? ` on ${formatTemplateDate(found.receivedAt)}` : ''}.`;
  }
  return source.trim() ? `No payload received for “${source.trim()}” yet: showing the built-in sample.` : 'The built-in sample payload.';
}

/** The toast of a save: a new template, or an edited one with its new version. */
export function savedToast(edited: boolean, saved: { name: string; version: number }): { title: string; description: string } {
  return edited
    ? { title: 'Template Updated', description: `${saved.name} is now version ${saved.version}.` }
    : { title: 'Template Saved', description: `${saved.name} has been created.` };
}

/** The editor's heading: the template edited with its version, or a new one. */
export function templateTitle(template: { name: string; version: number } | null): string {
  return template ? `Edit Template: ${template.name} (v${template.version})` : 'New Template';
}

/** The save button's text: Update (an edited template) or Save (a new one), and 'Saving...' while it runs. */
export function saveLabel(pending: boolean, editing: boolean): string {
  if (pending) return 'Saving...';
  return editing ? 'Update Template' : 'Save Template';
}

/** The preview shown was made from the sample and rules as they are now (else it reads as stale). */
export function isPreviewCurrent(variables: unknown, requestKey: string): boolean {
  return variables !== undefined && JSON.stringify(variables) === requestKey;
}
