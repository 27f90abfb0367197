import { mapPayload } from '../../../shared/rules/field-mapping';
import { normaliseEndpoint, WEBHOOK_SIGNATURE_HEADER } from '../../../shared/schemas/webhooks';
import type { DbOrTx, Tx } from '../../db/client';
import { sqlStateOf } from '../../db/conflict-retry';
import { errorBody, HttpError } from '../../http-error';
import type { EmailContext } from '../../mail/email-context';
import { findWebhookConfig, type WebhookConfigRow } from './find-webhook-config';
import type { DeliveryOutcome, DeliveryRequest } from './record-delivery';
import { cleanJson } from './redact';
import { resolveMappingRules } from './resolve-mapping-rules';
import { upsertParentFromCrm, type UpsertParentInput, type UpsertParentResult } from './upsert-parent-from-crm';
import { verifySignature } from './verify-signature';

export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
export const NOT_JSON = 'The webhook body is not valid JSON';
export const NOT_AN_OBJECT = 'The webhook body must be a JSON object';
export const NO_SECRET = 'This webhook has no signing secret: the office must set a signing secret before it receives deliveries';

export interface CheckDeliveryInput {
  /** The :endpoint parameter as received. */
  endpoint: string;
  request: DeliveryRequest;
  /** When the server received the delivery: the signature's age is judged from it, and it orders the contact's deliveries. */
  now: Date;
}

/** A signed, well-formed and mapped delivery, ready for the account change (applyDelivery). */
export interface AcceptedDelivery {
  config: WebhookConfigRow;
  endpoint: string;
  payload: unknown;
  mappedData: Record<string, unknown>;
  data: UpsertParentInput['data'];
  signedAt: Date;
  now: Date;
}

/** What checkDelivery found: an outcome already (refused before any change), or a delivery to apply. */
export type CheckedDelivery = { received: ReceivedDelivery } | { accepted: AcceptedDelivery };

export interface ReceivedDelivery {
  outcome: DeliveryOutcome;
  /** The configuration the delivery belongs to; null for an unknown endpoint (which is not logged). */
  config: WebhookConfigRow | null;
  endpoint: string;
}

const UNIQUE_VIOLATION = '23505';
export const CONFLICT = 'Another account already uses this email or CRM contact';

const refusal = (error: HttpError, extra: Partial<DeliveryOutcome> = {}): DeliveryOutcome => {
  const errors = Array.isArray(error.details?.errors) ? (error.details.errors as string[]) : undefined;
  return { status: error.statusCode, body: { ...errorBody(error.statusCode, error.message, error.code), ...(errors && { errors }) }, ...extra };
};

/**
 * One CRM delivery, from the endpoint to the account (rules in docs/product-rules.md, "CRM webhooks"), in two
 * steps the route runs: checkDelivery reads (from `db`) and refuses, and applyDelivery changes the account in the
 * route's unit of work (docs/decisions/014-unit-of-work.md). Here: an unknown or inactive endpoint is 404; a
 * configuration without a secret refuses everything (401); a valid, recent X-Webhook-Signature over the raw bytes
 * is required (401); the body must be a JSON object (400); the mapping must succeed (422). Every way this ends is an
 * outcome with a status, never a thrown client error, so the caller logs each delivery the same way. Unexpected
 * errors (the database going away) are still thrown.
 */
export async function checkDelivery(db: DbOrTx, input: CheckDeliveryInput): Promise<CheckedDelivery> {
  const endpoint = normaliseEndpoint(input.endpoint);
  const config = await findWebhookConfig(db, endpoint);
  if (!config) return { received: { config: null, endpoint, outcome: { status: 404, body: errorBody(404, ENDPOINT_NOT_FOUND) } } };
  const refused = (outcome: DeliveryOutcome): CheckedDelivery => ({ received: { config, endpoint, outcome } });
  if (!config.isActive) return refused({ status: 404, body: errorBody(404, ENDPOINT_NOT_FOUND) });
  if (!config.secretKey) return refused({ status: 401, body: errorBody(401, NO_SECRET) });

  const rawBody = input.request.rawBody ?? Buffer.alloc(0);
  let signedAt: Date;
  try {
    signedAt = verifySignature({ secretKey: config.secretKey, header: input.request.headers[WEBHOOK_SIGNATURE_HEADER], rawBody, now: input.now });
  } catch (error) {
    if (error instanceof HttpError) return refused(refusal(error));
    throw error;
  }
  // From here on the sender holds the secret: the log may keep the whole body and the mapped data.
  const done = (outcome: DeliveryOutcome): CheckedDelivery => ({ received: { config, endpoint, outcome: { ...outcome, verified: true } } });

  let parsed: unknown;
  try {
    parsed = JSON.parse(rawBody.toString('utf8'));
  } catch {
    return done({ status: 400, body: errorBody(400, NOT_JSON, 'INVALID_JSON') });
  }
  // Made storable once (no NUL, no lone surrogate), so the names written to the account and the logged body agree.
  const payload = cleanJson(parsed);
  if (payload === null || typeof payload !== 'object' || Array.isArray(payload)) {
    return done({ status: 400, body: errorBody(400, NOT_AN_OBJECT, 'VALIDATION_FAILED'), payload });
  }

  const resolved = await resolveMappingRules(db, config);
  const mapped = resolved.errors.length ? { data: {}, errors: resolved.errors } : mapPayload(payload, resolved.rules);
  const mappedData = mapped.data as Record<string, unknown>;
  if (mapped.errors.length) {
    return done({ status: 422, body: { ...errorBody(422, mapped.errors.join('; '), 'VALIDATION_FAILED'), errors: mapped.errors }, payload, mappedData });
  }
  return { accepted: { config, endpoint, payload, mappedData, data: mapped.data, signedAt, now: input.now } };
}

/**
 * The account change of an accepted delivery, in the route's unit of work: created or updated, and the welcome
 * e-mail queued (sent once the unit of work commits). A deadlock or serialization failure runs the whole unit of
 * work again (db/conflict-retry.ts); a refusal (HttpError) rolls back everything it did. The route logs the
 * delivery afterwards in another unit of work, so a refused or failed delivery is logged too.
 */
export function applyDelivery(tx: Tx, delivery: AcceptedDelivery, email: EmailContext): Promise<UpsertParentResult> {
  const { config, data, signedAt, now } = delivery;
  return upsertParentFromCrm(tx, { data, email, now, webhookId: config.id, signedAt, receivedAt: now });
}

const appliedOutcome = (delivery: AcceptedDelivery, outcome: DeliveryOutcome): ReceivedDelivery => ({
  config: delivery.config,
  endpoint: delivery.endpoint,
  outcome: { ...outcome, payload: delivery.payload, mappedData: delivery.mappedData, verified: true },
});

/** The outcome of an accepted delivery whose account change committed: 201 created, 200 updated (or ignored). */
export function deliveryApplied(delivery: AcceptedDelivery, result: UpsertParentResult): ReceivedDelivery {
  return appliedOutcome(delivery, { status: result.action === 'created' ? 201 : 200, body: result });
}

/** The outcome of an accepted delivery whose account change was refused (rolled back); an unexpected error is thrown again. */
export function deliveryRefused(delivery: AcceptedDelivery, error: unknown): ReceivedDelivery {
  if (error instanceof HttpError) return appliedOutcome(delivery, refusal(error));
  // The advisory locks should make this impossible; should an office edit slip in between, it is a conflict, not a 500.
  if (sqlStateOf(error) === UNIQUE_VIOLATION) return appliedOutcome(delivery, refusal(new HttpError(409, CONFLICT)));
  throw error;
}
