import type { LatestPayloadResponse, WebhookSampleResponse } from '../../../../shared/schemas/webhooks';
import { apiRequest, withSearchParams } from '../../../lib/api';

/** GET /api/admin/webhook-logs/latest-payload: the newest JSON delivery any webhook received (404 when none). */
export const fetchLatestPayload = () => apiRequest<LatestPayloadResponse>('GET', '/api/admin/webhook-logs/latest-payload');

/** GET /api/admin/webhook-sample?source=: the newest payload of the webhook named like the source, else the built-in sample. */
export const fetchSourceSample = (source: string) =>
  apiRequest<WebhookSampleResponse>('GET', withSearchParams('/api/admin/webhook-sample', { source: source.trim() || undefined }));
