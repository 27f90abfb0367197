import type { WebhookLogDetail, WebhookLogSummary } from '../../../shared/schemas/webhooks';
import { webhookConfigs, webhookLogs } from '../../db/schema';

export const WEBHOOK_LOG_NOT_FOUND = 'Webhook log not found';

/** The columns of the logs list: no headers, body or mapped data, so a page of 200 stays small. */
export const logSummaryColumns = {
  id: webhookLogs.id,
  webhookConfigId: webhookLogs.webhookConfigId,
  webhookName: webhookConfigs.name,
  endpoint: webhookLogs.endpoint,
  method: webhookLogs.method,
  responseStatus: webhookLogs.responseStatus,
  responseMessage: webhookLogs.responseMessage,
  processingTimeMs: webhookLogs.processingTimeMs,
  ipAddress: webhookLogs.ipAddress,
  createdAt: webhookLogs.createdAt,
};

export interface LogSummaryRow {
  id: string;
  webhookConfigId: string | null;
  webhookName: string | null;
  endpoint: string;
  method: string;
  responseStatus: number;
  responseMessage: string | null;
  processingTimeMs: number;
  ipAddress: string | null;
  createdAt: Date;
}

export const toWebhookLogSummary = (row: LogSummaryRow): WebhookLogSummary => ({ ...row, createdAt: row.createdAt.toISOString() });

const isPlainObject = (value: unknown): value is Record<string, unknown> =>
  value !== null && typeof value === 'object' && !Array.isArray(value);

/** A stored JSON object as a record, anything else (null, a list, text) as null. */
export const asRecord = (value: unknown): Record<string, unknown> | null => (isPlainObject(value) ? value : null);

/** Stored headers as text values (a header the receiver stored as a list is joined, as HTTP would). */
export function asHeaders(value: unknown): Record<string, string> | null {
  if (!isPlainObject(value)) return null;
  return Object.fromEntries(
    Object.entries(value).map(([name, item]) => [name, Array.isArray(item) ? item.join(', ') : typeof item === 'string' ? item : JSON.stringify(item)]),
  );
}

export type WebhookLogDetailRow = LogSummaryRow & {
  errorDetails: string | null;
  headers: unknown;
  body: unknown;
  mappedData: unknown;
  queryParams: unknown;
};

export const toWebhookLogDetail = (row: WebhookLogDetailRow): WebhookLogDetail => ({
  ...toWebhookLogSummary(row),
  errorDetails: row.errorDetails,
  headers: asHeaders(row.headers),
  body: row.body ?? null,
  mappedData: asRecord(row.mappedData),
  queryParams: asRecord(row.queryParams),
});
