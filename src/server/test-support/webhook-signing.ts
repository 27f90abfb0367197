import { signatureOf } from '../services/webhook-delivery/verify-signature';

/**
 * The X-Webhook-Signature value a CRM would send for this raw body at this instant (unix seconds), as the
 * receiver checks it: `t=<seconds>,v1=<hex HMAC-SHA256(secret, "<t>.<raw body>")>`. Sign the exact string
 * you post: re-serialising JSON changes the bytes and so the signature.
 */
export function signWebhook(secret: string, rawBody: string | Buffer, unixSeconds: number): string {
  const body = typeof rawBody === 'string' ? Buffer.from(rawBody, 'utf8') : rawBody;
  return `t=${unixSeconds},v1=${signatureOf(secret, body, unixSeconds)}`;
}
