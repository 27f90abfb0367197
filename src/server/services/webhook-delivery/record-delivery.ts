import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { webhookConfigs, webhookLogs } from '../../db/schema';
import { WEBHOOK_UNVERIFIED_BODY_BYTES } from '../../../shared/schemas/webhooks';
import { rawBodyText, redactBody, redactHeaders, redactMapped, redactQuery, scrubbedText, truncatedBody } from './redact';

/** What the receiver saw of one delivery, before any redaction. */
export interface DeliveryRequest {
  method: string;
  headers: Record<string, string | string[] | undefined>;
  /** The exact bytes received; null when the body was never read (too large) or absent. */
  rawBody: Buffer | null;
  query: unknown;
  ip: string | null;
  /** Milliseconds since the request arrived (Fastify's reply.elapsedTime). */
  elapsedMs: () => number;
}

/** How a delivery ended: the reply, plus what the log keeps about it. */
export interface DeliveryOutcome {
  status: number;
  body: { message: string; errors?: string[]; action?: 'created' | 'updated' | 'unchanged'; userId?: string };
  /** The payload as parsed (already made storable), when it was JSON; undefined otherwise. */
  payload?: unknown;
  mappedData?: Record<string, unknown> | null;
  /**
   * True once the signature was verified. Until then (an inactive endpoint, no secret, a bad signature, and
   * every error before the handler) anyone may have sent the body: the log keeps at most its first 4 KB.
   */
  verified?: boolean;
}

export interface RecordDeliveryInput {
  config: { id: string; isActive: boolean; secretKey: string | null };
  endpoint: string;
  request: DeliveryRequest;
  outcome: DeliveryOutcome;
  now: Date;
}

/**
 * The body as the log keeps it: the parsed JSON (redacted) whenever it was JSON, even when the delivery
 * was refused before parsing (an inactive endpoint, a bad signature), so the office sees the same shape
 * for every row; the raw text (shortened) when it was not JSON; null when there was none. A body that was
 * not verified and is over 4 KB is never parsed: its first 4 KB are kept as text, marked as cut, so
 * anonymous posts cannot fill the database.
 */
function storedBody(payload: unknown, rawBody: Buffer | null, secret: string | null, verified: boolean): unknown {
  if (payload !== undefined && verified) return redactBody(payload, secret);
  if (!rawBody || !rawBody.length) return null;
  if (!verified && rawBody.length > WEBHOOK_UNVERIFIED_BODY_BYTES) return truncatedBody(rawBody, WEBHOOK_UNVERIFIED_BODY_BYTES, secret);
  try {
    return redactBody(JSON.parse(rawBody.toString('utf8')), secret);
  } catch {
    return rawBodyText(rawBody, secret);
  }
}

/**
 * Writes the delivery's log row, then counts the delivery on an active configuration, in a unit of work of
 * their own after the processing's has ended: a refused or failed delivery is logged too (its account change
 * rolled back, its log stays), and the configuration row is held only by this short transaction, never
 * inside a family's upsert (all deliveries of one endpoint would wait on each other). Everything stored goes
 * through redact.ts first.
 */
export async function recordDelivery(tx: Tx, input: RecordDeliveryInput): Promise<void> {
  const { config, request, outcome, now } = input;
  const secret = config.secretKey;
  const verified = outcome.verified === true;
  const body = storedBody(outcome.payload, request.rawBody, secret, verified);

  const errors = outcome.body.errors ?? (outcome.status >= 400 ? [outcome.body.message] : []);
  await tx.insert(webhookLogs).values({
    webhookConfigId: config.id,
    endpoint: input.endpoint,
    method: request.method,
    responseStatus: outcome.status,
    responseMessage: scrubbedText(outcome.body.message, secret),
    processingTimeMs: Math.max(0, Math.round(request.elapsedMs())),
    ipAddress: request.ip,
    errorDetails: errors.length ? scrubbedText(errors.join('\n'), secret) : null,
    headers: redactHeaders(request.headers, secret),
    body,
    mappedData: verified ? redactMapped(outcome.mappedData, secret) : null,
    queryParams: redactQuery(request.query, secret),
    createdAt: now,
  });
  if (config.isActive) {
    await tx
      .update(webhookConfigs)
      .set({ triggerCount: sql`${webhookConfigs.triggerCount} + 1`, lastTriggered: now })
      .where(eq(webhookConfigs.id, config.id));
  }
}
