import { describe, expect, it } from 'vitest';
import { cleanJson, rawBodyText, redactBody, redactHeaders, redactMapped, redactQuery, storableText } from './redact';

describe('webhook log redaction', () => {
  it('redacts credential headers, lower-cases names, caps count and length', () => {
    const headers = redactHeaders({
      'X-Webhook-Signature': 't=1,v1=abc',
      authorization: 'Bearer x',
      cookie: 'sid=1',
      'x-api-key': 'k',
      'x-crm-token': 't',
      'content-type': 'application/json',
      'x-long': 'y'.repeat(5000),
      'x-list': ['a', 'b'],
    });
    expect(headers).toEqual({
      'x-webhook-signature': '[redacted]',
      authorization: '[redacted]',
      cookie: '[redacted]',
      'x-api-key': '[redacted]',
      'x-crm-token': '[redacted]',
      'content-type': 'application/json',
      'x-long': 'y'.repeat(1000),
      'x-list': 'a, b',
    });
    const many = Object.fromEntries(Array.from({ length: 80 }, (_, i) => [`x-h${i}`, 'v']));
    expect(Object.keys(redactHeaders(many))).toHaveLength(50);
  });

  it('redacts password, secret and token keys at any depth, and the secret anywhere', () => {
    const body = redactBody(
      { contact: { Password: 'p', apiSecret: 's', accessToken: 't', name: 'Ana' }, list: [{ token: 1 }], note: 'key is SECRET-VALUE-123' },
      'SECRET-VALUE-123',
    );
    expect(body).toEqual({
      contact: { Password: '[redacted]', apiSecret: '[redacted]', accessToken: '[redacted]', name: 'Ana' },
      list: [{ token: '[redacted]' }],
      note: 'key is [redacted]',
    });
    expect(redactQuery({ api_key: 'k', page: '2' })).toEqual({ api_key: '[redacted]', page: '2' });
    expect(redactQuery({})).toBeNull();
    expect(redactMapped({ email: 'a@example.com', password: 'secret-1' })).toEqual({ email: 'a@example.com', password: '[redacted]' });
    expect(redactMapped({})).toBeNull();
  });

  it('makes text storable in PostgreSQL and bounds depth and length', () => {
    expect(storableText('a\u0000b\ud800c')).toBe('a\uFFFDb\uFFFDc');
    expect(storableText('ok 😀')).toBe('ok 😀');
    let deep: unknown = 'leaf';
    for (let i = 0; i < 200; i++) deep = [deep];
    expect(JSON.stringify(cleanJson(deep))).toContain('[nested too deeply]');
    expect(rawBodyText(Buffer.from('x'.repeat(20_000)))).toHaveLength(10_000);
    const hostile = cleanJson(JSON.parse('{"__proto__": {"polluted": true}, "a": 1}')) as Record<string, unknown>;
    expect(Object.getPrototypeOf(hostile)).toBe(Object.prototype);
    expect(JSON.stringify(hostile)).toBe('{"__proto__":{"polluted":true},"a":1}');
  });
});
