import { describe, expect, it } from 'vitest';
import { HttpError } from '../../http-error';
import { signWebhook } from '../../test-support/webhook-signing';
import { signatureOf, verifySignature } from './verify-signature';
import { NOW } from '../../test-support/clock';

const SECRET = 'unit-secret-0123456789';
const T = NOW.getTime() / 1000;
const BODY = Buffer.from('{"contact":{"email":"a@example.com"}}');

const failure = (header: string | string[] | undefined, rawBody = BODY) => {
  try {
    verifySignature({ secretKey: SECRET, header, rawBody, now: NOW });
    return null;
  } catch (error) {
    expect(error).toBeInstanceOf(HttpError);
    return `${(error as HttpError).statusCode} ${(error as HttpError).message}`;
  }
};

describe('verifySignature', () => {
  it('accepts the signature of the exact bytes, up to five minutes old or 60 seconds ahead', () => {
    expect(failure(signWebhook(SECRET, BODY, T))).toBeNull();
    expect(failure(signWebhook(SECRET, BODY, T - 300))).toBeNull();
    expect(failure(signWebhook(SECRET, BODY, T + 60))).toBeNull();
    expect(failure(` t=${T} , v1=${signatureOf(SECRET, BODY, T).toUpperCase()} `)).toBeNull();
  });

  it('accepts any of several v1 entries and skips unknown schemes', () => {
    const good = signatureOf(SECRET, BODY, T);
    expect(failure(`t=${T},v1=${'f'.repeat(64)},v0=whatever,v1=${good}`)).toBeNull();
    // Node joins a repeated header with ', '.
    expect(failure([`t=${T},v1=${'f'.repeat(64)}`, `v1=${good}`])).toBeNull();
  });

  it('names what is wrong', () => {
    expect(failure(undefined)).toBe('401 Missing X-Webhook-Signature header');
    expect(failure('  ')).toBe('401 Missing X-Webhook-Signature header');
    expect(failure('garbage')).toBe('401 Malformed X-Webhook-Signature header');
    expect(failure(`t=${T}`)).toBe('401 Malformed X-Webhook-Signature header');
    expect(failure(`t=soon,v1=${'a'.repeat(64)}`)).toBe('401 Malformed X-Webhook-Signature header');
    expect(failure(`t=${T},t=${T},v1=${'a'.repeat(64)}`)).toBe('401 Malformed X-Webhook-Signature header');
    expect(failure(signWebhook(SECRET, BODY, T - 301))).toBe('401 Signature timestamp is outside the 5-minute tolerance');
    expect(failure(signWebhook(SECRET, BODY, T + 61))).toBe('401 Signature timestamp is more than 60 seconds in the future');
    expect(failure(signWebhook(SECRET, BODY, T + 300))).toBe('401 Signature timestamp is more than 60 seconds in the future');
    expect(failure(signWebhook('another-secret-000000', BODY, T))).toBe('401 Signature does not match');
    expect(failure(signWebhook(SECRET, BODY, T), Buffer.from('{"contact":{"email":"b@example.com"}}'))).toBe('401 Signature does not match');
    // A short or non-hex guess is a mismatch, never a timingSafeEqual length error.
    expect(failure(`t=${T},v1=abc`)).toBe('401 Signature does not match');
    expect(failure(`t=${T},v1=${'z'.repeat(64)}`)).toBe('401 Signature does not match');
  });

  it('signs the timestamp with the body, so an old signature cannot be moved to a new time', () => {
    const old = signatureOf(SECRET, BODY, T - 3600);
    expect(failure(`t=${T},v1=${old}`)).toBe('401 Signature does not match');
  });
});
