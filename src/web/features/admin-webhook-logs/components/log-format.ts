import { format } from 'date-fns';
import { plural } from '../../../../shared/rules/format';
import { webhookLogStatus, type WebhookLogStatus } from '../../../../shared/rules/webhook-log-status';
import { inToronto } from '../../../../shared/rules/week';
import { WEBHOOK_UNVERIFIED_BODY_BYTES, type WebhookLogSummary } from '../../../../shared/schemas/webhooks';

/** When a delivery arrived, in Toronto, to the second: 'Nov 22, 2026, 3:04:05 PM'. */
export const receivedLabel = (instant: string) => format(inToronto(instant), 'MMM d, yyyy, h:mm:ss a');

/** The configuration a delivery was for: its current name, else its endpoint, marked '(deleted)' once it is gone. */
export function configurationLabel(log: Pick<WebhookLogSummary, 'webhookConfigId' | 'webhookName' | 'endpoint'>): { text: string; deleted: boolean } {
  if (log.webhookName) return { text: log.webhookName, deleted: false };
  return { text: log.endpoint, deleted: true };
}

export const STATUS_VARIANT: Record<WebhookLogStatus, 'success' | 'warning' | 'danger'> = { Success: 'success', Warning: 'warning', Error: 'danger' };

export function statusOf(responseStatus: number): { label: WebhookLogStatus; variant: 'success' | 'warning' | 'danger' } {
  const label = webhookLogStatus(responseStatus);
  return { label, variant: STATUS_VARIANT[label] };
}

/** '1,234 ms'. */
export const durationLabel = (ms: number) => `${ms.toLocaleString('en-CA')} ms`;

/** 'Removed 3 logs older than 30 days.' */
export function cleanedMessage(deleted: number, days: number): string {
  return `Removed ${plural(deleted, 'log')} older than ${plural(days, 'day')}.`;
}

/** Error details are stored as text; JSON text is shown pretty-printed, anything else as it is. */
export function parseMaybeJson(text: string): unknown {
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed !== null && typeof parsed === 'object' ? parsed : text;
  } catch {
    return text;
  }
}

/** Above the kept start of a body that was refused before its signature was verified. */
export function truncatedBodyNote(bytes: number): string {
  return `Cut: the signature was not verified, so only the first ${(WEBHOOK_UNVERIFIED_BODY_BYTES / 1024).toLocaleString('en-CA')} KB of ${bytes.toLocaleString('en-CA')} bytes were kept.`;
}
