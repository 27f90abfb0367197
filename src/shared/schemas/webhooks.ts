import { z } from 'zod';
import { parseFieldMappings } from '../rules/field-mapping';
import { isoInstant } from './dates';
import { hasNoControlCharacters, hasNoControlCharactersExceptLines, notAllowedCharacters, requiredName } from './text';

/**
 * CRM webhooks (spec 2, 3, 5, 7, 9): the configurations of the settings tab, the receiver's answers, the
 * delivery logs and the sample payloads. Rules in docs/product-rules.md, "CRM webhooks".
 */

/** The receiver: POST /api/webhooks/<endpoint>. */
export const WEBHOOK_RECEIVER_PREFIX = '/api/webhooks/';
/** `X-Webhook-Signature: t=<unix seconds>,v1=<hex HMAC-SHA256(secretKey, "<t>.<raw body>")>` */
export const WEBHOOK_SIGNATURE_HEADER = 'x-webhook-signature';
/** A signature older than this is refused. */
export const WEBHOOK_SIGNATURE_TOLERANCE_SECONDS = 300;
/** A signature dated further ahead of the server's clock than this is refused (issue 29). */
export const WEBHOOK_SIGNATURE_FUTURE_TOLERANCE_SECONDS = 60;
/** Bodies above this are refused with 413 (and logged). */
export const WEBHOOK_MAX_BODY_BYTES = 1_048_576;
export const MIN_SECRET_KEY_LENGTH = 16;
/** Of a delivery refused before its signature was verified, the log keeps at most this many bytes of the body. */
export const WEBHOOK_UNVERIFIED_BODY_BYTES = 4096;
export const SECRET_KEY_REQUIRED = 'Secret key is required';
export const SECRET_KEY_NOT_REMOVABLE = 'Secret key cannot be removed; a configuration without one receives nothing';

/**
 * How the log stores the body of a delivery refused before its signature was verified when it is longer
 * than WEBHOOK_UNVERIFIED_BODY_BYTES: its first bytes as text, marked as cut, with the size received.
 */
export interface TruncatedWebhookBody {
  truncated: true;
  /** The size of the whole body as received, in bytes. */
  bytes: number;
  text: string;
}
export const isTruncatedWebhookBody = (value: unknown): value is TruncatedWebhookBody =>
  value !== null &&
  typeof value === 'object' &&
  (value as { truncated?: unknown }).truncated === true &&
  typeof (value as { bytes?: unknown }).bytes === 'number' &&
  typeof (value as { text?: unknown }).text === 'string';

/** Spec 9: the logs screen shows 25, 50, 100 or 200 deliveries (default 50); 'Clean old' removes logs older than 30 days. */
export const WEBHOOK_LOG_LIMITS = [25, 50, 100, 200] as const;
export const DEFAULT_WEBHOOK_LOG_LIMIT = 50;
export const CLEAN_OLD_DAYS = 30;

export const ENDPOINT_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
const ENDPOINT_MESSAGE = 'Endpoint may only contain lowercase letters, digits and single dashes, like crm-plans';

/** An endpoint as typed: '/crm-plans', '/api/webhooks/crm-plans' and 'CRM-Plans' all mean 'crm-plans'. */
export function normaliseEndpoint(value: string): string {
  return value
    .trim()
    .replace(/^\/+/, '')
    .replace(/^api\/webhooks\//i, '')
    .replace(/\/+$/, '')
    .toLowerCase();
}

const name = requiredName('Name');
const endpoint = z
  .string({ error: 'Endpoint is required' })
  .max(1000, 'Endpoint cannot exceed 100 characters')
  .transform(normaliseEndpoint)
  .pipe(z.string().min(1, 'Endpoint is required').max(100, 'Endpoint cannot exceed 100 characters').regex(ENDPOINT_PATTERN, ENDPOINT_MESSAGE));
const description = z
  .string()
  .trim()
  .max(500, 'Description cannot exceed 500 characters')
  .refine(hasNoControlCharactersExceptLines, notAllowedCharacters('Description'))
  .nullish()
  .transform((value) => (value ? value : null));
/** Spec 5: required ('Field mappings are required'); a JSON object of target field to source path. */
const fieldMappings = z
  .string({ error: 'Field mappings are required' })
  .trim()
  .min(1, 'Field mappings are required')
  .max(20_000, 'Field mappings cannot exceed 20000 characters')
  .refine(hasNoControlCharactersExceptLines, notAllowedCharacters('Field mappings'))
  .superRefine((value, ctx) => {
    for (const message of parseFieldMappings(value).errors) ctx.addIssue({ code: 'custom', message });
  });
/** The signing secret as typed; blank is null (on edit: keep the current one). */
const optionalSecretKey = z
  .string()
  .trim()
  .max(200, 'Secret key cannot exceed 200 characters')
  .refine(hasNoControlCharacters, notAllowedCharacters('Secret key'))
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || value.length >= MIN_SECRET_KEY_LENGTH, `Secret key must be at least ${MIN_SECRET_KEY_LENGTH} characters`)
  .refine((value) => value === null || !/\s/.test(value), 'Secret key cannot contain spaces');
/** Required on create: a configuration without a secret would accept anyone's deliveries. */
const secretKey = optionalSecretKey.refine((value) => value !== null, SECRET_KEY_REQUIRED).transform((value) => value!);
const templateId = z
  .union([z.uuid({ error: 'Choose a mapping template from the list' }), z.literal('')])
  .nullish()
  .transform((value) => (value ? value.toLowerCase() : null));

/** POST /api/admin/webhooks (spec 5, webhook form). */
export const createWebhookBody = z.object({
  name,
  endpoint,
  description,
  fieldMappings,
  secretKey,
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  /** A field-mapping template whose rules replace fieldMappings while the template is Active. */
  templateId,
});
export type CreateWebhookInput = z.input<typeof createWebhookBody>;
export type CreateWebhookBody = z.output<typeof createWebhookBody>;

/**
 * PUT /api/admin/webhooks/:id: the fields present change (the Active toggle sends only isActive). A blank or
 * absent secretKey keeps the current secret (refused when there is none, unless only isActive changes); a
 * new one replaces it. The secret cannot be removed (removeSecret: true is refused).
 */
export const updateWebhookBody = z.object({
  name: name.optional(),
  endpoint: endpoint.optional(),
  description: description.optional(),
  fieldMappings: fieldMappings.optional(),
  secretKey: optionalSecretKey.optional(),
  removeSecret: z.literal(false, { error: SECRET_KEY_NOT_REMOVABLE }).optional(),
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
  templateId: templateId.optional(),
});
export type UpdateWebhookInput = z.input<typeof updateWebhookBody>;
export type UpdateWebhookBody = z.output<typeof updateWebhookBody>;

/** A configuration as every admin response shows it: never the secret, only whether there is one. */
export const webhookDto = z.object({
  id: z.string(),
  name: z.string(),
  endpoint: z.string(),
  /** The full address the CRM posts to (PUBLIC_URL + /api/webhooks/ + endpoint). */
  receiverUrl: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  fieldMappings: z.string(),
  /** False for an old configuration saved without a secret: it refuses every delivery until one is set. */
  hasSecret: z.boolean(),
  templateId: z.string().nullable(),
  templateName: z.string().nullable(),
  triggerCount: z.number().int(),
  lastTriggered: isoInstant.nullable(),
  createdAt: isoInstant,
  updatedAt: isoInstant,
});
export type WebhookDto = z.infer<typeof webhookDto>;

/** The answer to a create or update: the secret appears here once, and only when this request set it. */
export const savedWebhookResponse = webhookDto.extend({ secretKey: z.string().optional() });
export type SavedWebhookResponse = z.infer<typeof savedWebhookResponse>;

export const webhookListResponse = z.object({ webhooks: z.array(webhookDto) });
export type WebhookListResponse = z.infer<typeof webhookListResponse>;

/** The receiver's answer to an accepted delivery (201 created, 200 updated or unchanged). */
export const webhookDeliveryResponse = z.object({
  message: z.string(),
  action: z.enum(['created', 'updated', 'unchanged']),
  userId: z.string(),
});
export type WebhookDeliveryResponse = z.infer<typeof webhookDeliveryResponse>;

// ----------------------------------------------------------------------------------------------- logs

/** GET /api/admin/webhook-logs?webhookId&limit */
export const webhookLogListQuery = z.object({
  webhookId: z
    .union([z.uuid({ error: 'webhookId must be a webhook configuration id' }), z.literal('')])
    .optional()
    .transform((value) => (value ? value.toLowerCase() : undefined)),
  limit: z.coerce
    .number({ error: 'limit must be 25, 50, 100 or 200' })
    .refine((value) => (WEBHOOK_LOG_LIMITS as readonly number[]).includes(value), 'limit must be 25, 50, 100 or 200')
    .default(DEFAULT_WEBHOOK_LOG_LIMIT),
});
export type WebhookLogListQuery = z.input<typeof webhookLogListQuery>;

export const webhookLogSummary = z.object({
  id: z.string(),
  webhookConfigId: z.string().nullable(),
  /** The configuration's current name (null once it was deleted). */
  webhookName: z.string().nullable(),
  endpoint: z.string(),
  method: z.string(),
  responseStatus: z.number().int(),
  responseMessage: z.string().nullable(),
  processingTimeMs: z.number().int(),
  ipAddress: z.string().nullable(),
  createdAt: isoInstant,
});
export type WebhookLogSummary = z.infer<typeof webhookLogSummary>;

/** Newest first. Headers, bodies and mapped data come with the detail call, so the list stays small. */
export const webhookLogListResponse = z.object({ logs: z.array(webhookLogSummary) });
export type WebhookLogListResponse = z.infer<typeof webhookLogListResponse>;

/** GET /api/admin/webhook-logs/:id: one delivery, whole (secrets and signatures already redacted when it was stored). */
export const webhookLogDetail = webhookLogSummary.extend({
  errorDetails: z.string().nullable(),
  headers: z.record(z.string(), z.string()).nullable(),
  /**
   * The parsed JSON body; the raw text (shortened) when it was not JSON; null when there was none or it was too
   * large; a TruncatedWebhookBody when it was refused before its signature was verified and is over 4 KB.
   */
  body: z.unknown(),
  mappedData: z.record(z.string(), z.unknown()).nullable(),
  queryParams: z.record(z.string(), z.unknown()).nullable(),
});
export type WebhookLogDetail = z.infer<typeof webhookLogDetail>;

/** DELETE /api/admin/webhook-logs ('Clean old' sends 30). */
export const cleanWebhookLogsBody = z.object({
  olderThanDays: z
    .number({ error: 'olderThanDays must be a whole number of days from 1 to 3650' })
    .int('olderThanDays must be a whole number of days from 1 to 3650')
    .min(1, 'olderThanDays must be a whole number of days from 1 to 3650')
    .max(3650, 'olderThanDays must be a whole number of days from 1 to 3650'),
});
export const cleanWebhookLogsResponse = z.object({ message: z.string(), deleted: z.number().int() });
export type CleanWebhookLogsResponse = z.infer<typeof cleanWebhookLogsResponse>;

/** GET /api/admin/webhook-logs/latest-payload[?webhookId]: the newest delivery whose body was a JSON object (404 when none). */
export const latestPayloadQuery = z.object({
  webhookId: z
    .union([z.uuid({ error: 'webhookId must be a webhook configuration id' }), z.literal('')])
    .optional()
    .transform((value) => (value ? value.toLowerCase() : undefined)),
});
export const latestPayloadResponse = z.object({
  logId: z.string(),
  webhookConfigId: z.string().nullable(),
  webhookName: z.string().nullable(),
  endpoint: z.string(),
  receivedAt: isoInstant,
  payload: z.record(z.string(), z.unknown()),
});
export type LatestPayloadResponse = z.infer<typeof latestPayloadResponse>;
export const NO_RECENT_PAYLOAD = 'No recent webhook data found';

/**
 * GET /api/admin/webhook-sample?source=: the newest JSON payload received by the configuration whose name or
 * endpoint matches `source` (without case), else the built-in sample.
 */
export const webhookSampleQuery = z.object({
  source: z
    .string()
    .trim()
    .max(100, 'source cannot exceed 100 characters')
    .refine(hasNoControlCharacters, notAllowedCharacters('source'))
    .optional(),
});
export const webhookSampleResponse = z.object({
  source: z.string().nullable(),
  origin: z.enum(['latest', 'built-in']),
  receivedAt: isoInstant.nullable(),
  payload: z.record(z.string(), z.unknown()),
});
export type WebhookSampleResponse = z.infer<typeof webhookSampleResponse>;
