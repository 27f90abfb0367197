import { createHmac, timingSafeEqual } from 'node:crypto';
import { WEBHOOK_SIGNATURE_FUTURE_TOLERANCE_SECONDS, WEBHOOK_SIGNATURE_TOLERANCE_SECONDS } from '../../../shared/schemas/webhooks';
import { HttpError } from '../../http-error';

export const SIGNATURE_MISSING = 'Missing X-Webhook-Signature header';
export const SIGNATURE_MALFORMED = 'Malformed X-Webhook-Signature header';
export const SIGNATURE_STALE = 'Signature timestamp is outside the 5-minute tolerance';
export const SIGNATURE_AHEAD = 'Signature timestamp is more than 60 seconds in the future';
export const SIGNATURE_MISMATCH = 'Signature does not match';

/** The hex HMAC-SHA256 the CRM signs a delivery with: over "<t>.<raw body bytes>", never over re-serialised JSON. */
export function signatureOf(secretKey: string, rawBody: Buffer, unixSeconds: number): string {
  return createHmac('sha256', secretKey).update(`${unixSeconds}.`).update(rawBody).digest('hex');
}

interface ParsedSignature {
  timestamp: number;
  candidates: string[];
}

/**
 * Reads `t=<unix seconds>,v1=<hex>[,v1=<hex>…]`. Several v1 entries let the CRM sign with an old and a
 * new secret while a key is being rotated; unknown keys (a future v2) are skipped, as Stripe's scheme does.
 */
function parseSignatureHeader(header: string): ParsedSignature | null {
  let timestamp: number | null = null;
  const candidates: string[] = [];
  for (const part of header.split(',')) {
    const separator = part.indexOf('=');
    if (separator < 1) return null;
    const key = part.slice(0, separator).trim();
    const value = part.slice(separator + 1).trim();
    if (key === 't') {
      if (!/^\d{1,12}$/.test(value) || timestamp !== null) return null;
      timestamp = Number(value);
    } else if (key === 'v1') {
      candidates.push(value);
    }
  }
  if (timestamp === null || !candidates.length) return null;
  return { timestamp, candidates };
}

export interface VerifySignatureInput {
  secretKey: string;
  /** The header as received (Node joins repeated headers with ', '). */
  header: string | string[] | undefined;
  rawBody: Buffer;
  now: Date;
}

/**
 * Proves a delivery came from the CRM holding the configuration's secret, and recently (401 otherwise): signed
 * at most 5 minutes before the server's clock and at most 60 seconds after it.
 * The timestamp is part of the signed text, so a captured delivery cannot be replayed after the tolerance
 * window. Hex digests are compared as bytes of equal length with timingSafeEqual, so the time taken does
 * not tell an attacker how much of a guess was right. No message ever contains the header or the secret.
 * Returns the signed instant (t=), which orders the deliveries of one CRM contact.
 */
export function verifySignature(input: VerifySignatureInput): Date {
  const header = Array.isArray(input.header) ? input.header.join(',') : input.header;
  if (header === undefined || header.trim() === '') throw new HttpError(401, SIGNATURE_MISSING);
  const parsed = parseSignatureHeader(header);
  if (!parsed) throw new HttpError(401, SIGNATURE_MALFORMED);
  const nowSeconds = Math.floor(input.now.getTime() / 1000);
  // Ahead of the server's clock by a little (clocks drift), never by more: a far-future stamp would outrank the
  // contact's next deliveries.
  if (parsed.timestamp - nowSeconds > WEBHOOK_SIGNATURE_FUTURE_TOLERANCE_SECONDS) throw new HttpError(401, SIGNATURE_AHEAD);
  if (nowSeconds - parsed.timestamp > WEBHOOK_SIGNATURE_TOLERANCE_SECONDS) throw new HttpError(401, SIGNATURE_STALE);
  const expected = Buffer.from(signatureOf(input.secretKey, input.rawBody, parsed.timestamp), 'hex');
  const matches = parsed.candidates.some((candidate) => {
    if (!/^[0-9a-f]{64}$/i.test(candidate)) return false;
    return timingSafeEqual(Buffer.from(candidate, 'hex'), expected);
  });
  if (!matches) throw new HttpError(401, SIGNATURE_MISMATCH);
  return new Date(parsed.timestamp * 1000);
}
