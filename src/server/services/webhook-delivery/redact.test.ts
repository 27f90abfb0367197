import { describe, expect, it } from 'vitest';
import { cleanJson, rawBodyText, redactBody, redactHeaders, redactMapped, redactQuery, storableText, truncatedBody } from './redact';

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

  it('redacts pw, pass, pwd, passwd, credentials, secret* and *token* keys in any case, at any depth, in lists too', () => {
    const body = redactBody({
      PW: 'a',
      user: { Pass: 'b', pwd: 'c', db_pass: 'c2', 'x-pwd': 'c3', profile: { PASSWD: 'd', Credentials: { user: 'u', key: 'k' } } },
      list: [{ secretAnswer: 'e' }, [{ refreshTOKEN: 'f', tokens: ['g'] }], 'plain'],
      credential: 'h',
      // Names that only contain the letters stay: passport, compass, bypass, pwa.
      passport: 'P123',
      compass: 'north',
      bypass: 'yes',
      pwa: true,
    });
    expect(body).toEqual({
      PW: '[redacted]',
      user: { Pass: '[redacted]', pwd: '[redacted]', db_pass: '[redacted]', 'x-pwd': '[redacted]', profile: { PASSWD: '[redacted]', Credentials: '[redacted]' } },
      list: [{ secretAnswer: '[redacted]' }, [{ refreshTOKEN: '[redacted]', tokens: '[redacted]' }], 'plain'],
      credential: '[redacted]',
      passport: 'P123',
      compass: 'north',
      bypass: 'yes',
      pwa: true,
    });
    expect(redactQuery({ pw: '1', Pass: '2', credentials: '3', page: '4' })).toEqual({ pw: '[redacted]', Pass: '[redacted]', credentials: '[redacted]', page: '4' });
    expect(redactHeaders({ 'x-pwd': '1', 'x-credentials': '2', 'x-pass': '3', accept: '*/*' })).toEqual({
      'x-pwd': '[redacted]',
      'x-credentials': '[redacted]',
      'x-pass': '[redacted]',
      accept: '*/*',
    });
  });

  it('keeps the start of an unverified body as cut text, with sensitive values redacted even in broken JSON', () => {
    const raw = Buffer.from(`{"contact":{"PWD":"p1","credentials":{"user":"u1","key":"k1"},"name":"Ana","token":12},"list":[{"pass":"p2"}],"filler":"${'é'.repeat(5000)}"}`);
    const cut = truncatedBody(raw, 4096, 'Ana');
    expect(cut.truncated).toBe(true);
    expect(cut.bytes).toBe(raw.length);
    expect(cut.text.length).toBeLessThanOrEqual(4096);
    expect(cut.text.startsWith('{"contact":{"PWD":"[redacted]","credentials":"[redacted]","name":"[redacted]","token":"[redacted]"},"list":[{"pass":"[redacted]"}],"filler":"éé')).toBe(true);
    // Cut in the middle of a two-byte character: that character is dropped, not half-kept.
    expect(cut.text).not.toContain('\uFFFD');
    // A cut in the middle of a sensitive value still hides what arrived of it.
    expect(truncatedBody(Buffer.from('{"a":1,"password":"hunter2-and-more'), 30).text).toBe('{"a":1,"password":"[redacted]"');
    expect(rawBodyText(Buffer.from('{"pw": "x", "broken'))).toBe('{"pw": "[redacted]", "broken');
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
