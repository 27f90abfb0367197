import { mapPayload } from '../../../shared/rules/field-mapping';
import { normaliseEndpoint, WEBHOOK_SIGNATURE_HEADER } from '../../../shared/schemas/webhooks';
import type { DbOrTx } from '../../db/client';
import { sqlStateOf } from '../../db/conflict-retry';
import { errorBody, HttpError } from '../../http-error';
import type { UnitOfWork } from '../../plugins/unit-of-work';
import type { EmailContext } from '../../mail/email-context';
import { findWebhookConfig, type WebhookConfigRow } from './find-webhook-config';
import type { DeliveryOutcome, DeliveryRequest } from './record-delivery';
import { cleanJson } from './redact';
import { resolveMappingRules } from './resolve-mapping-rules';
import { upsertParentFromCrm } from './upsert-parent-from-crm';
import { verifySignature } from './verify-signature';

export const ENDPOINT_NOT_FOUND = 'Webhook endpoint not found';
export const NOT_JSON = 'The webhook body is not valid JSON';
export const NOT_AN_OBJECT = 'The webhook body must be a JSON object';
export const NO_SECRET = 'This webhook has no signing secret: the office must set a signing secret before it receives deliveries';

export interface ReceiveDeliveryInput {
  /** The :endpoint parameter as received. */
  endpoint: string;
  request: DeliveryRequest;
  email: EmailContext;
  /** When the server received the delivery: the signature's age is judged from it, and it orders the contact's deliveries. */
  now: Date;
  /**
   * The request's unit of work, for the account change alone: a transient conflict runs the whole upsert again in
   * a fresh transaction (the unit of work retries it), and a refusal rolls back everything it did. The caller logs
   * the delivery afterwards in another unit of work, so a refused or failed delivery is logged too.
   */
  unitOfWork: UnitOfWork;
}

export interface ReceivedDelivery {
  outcome: DeliveryOutcome;
  /** The configuration the delivery belongs to; null for an unknown endpoint (which is not logged). */
  config: WebhookConfigRow | null;
  endpoint: string;
}

const UNIQUE_VIOLATION = '23505';
export const CONFLICT = 'Another account already uses this e-mail or CRM contact';

const refusal = (error: HttpError, extra: Partial<DeliveryOutcome> = {}): DeliveryOutcome => {
  const errors = Array.isArray(error.details?.errors) ? (error.details.errors as string[]) : undefined;
  return { status: error.statusCode, body: { ...errorBody(error.statusCode, error.message, error.code), ...(errors && { errors }) }, ...extra };
};

/**
 * One CRM delivery, from the endpoint to the account (rules in docs/product-rules.md, "CRM webhooks"):
 * an unknown or inactive endpoint is 404; a configuration without a secret refuses everything (401); a
 * valid, recent X-Webhook-Signature over the raw bytes is required (401); the body must be a JSON object
 * (400); the mapping must succeed (422); then the parent account is created or updated in one unit of work
 * (`input.unitOfWork`; the checks before it only read, from `db`). Every way this ends is an outcome with a
 * status, never a thrown client error, so the caller logs each delivery the same way. Unexpected errors (the
 * database going away) are still thrown.
 */
export async function receiveDelivery(db: DbOrTx, input: ReceiveDeliveryInput): Promise<ReceivedDelivery> {
  const endpoint = normaliseEndpoint(input.endpoint);
  const config = await findWebhookConfig(db, endpoint);
  if (!config) return { config: null, endpoint, outcome: { status: 404, body: errorBody(404, ENDPOINT_NOT_FOUND) } };
  const refused = (outcome: DeliveryOutcome): ReceivedDelivery => ({ config, endpoint, outcome });
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
  const done = (outcome: DeliveryOutcome): ReceivedDelivery => ({ config, endpoint, outcome: { ...outcome, verified: true } });

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

  try {
    // A deadlock or serialization failure runs the whole upsert again in the unit of work (db/conflict-retry.ts).
    const result = await input.unitOfWork((tx) =>
      upsertParentFromCrm(tx, { data: mapped.data, email: input.email, now: input.now, webhookId: config.id, signedAt, receivedAt: input.now }),
    );
    return done({ status: result.action === 'created' ? 201 : 200, body: result, payload, mappedData });
  } catch (error) {
    if (error instanceof HttpError) return done(refusal(error, { payload, mappedData }));
    // The advisory locks should make this impossible; should an office edit slip in between, it is a conflict, not a 500.
    if (sqlStateOf(error) === UNIQUE_VIOLATION) return done(refusal(new HttpError(409, CONFLICT), { payload, mappedData }));
    throw error;
  }
}
