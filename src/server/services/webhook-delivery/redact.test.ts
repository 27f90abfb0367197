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

  it('redacts keys with a credential word as a whole segment, in any spelling, and keeps the data fields readable (issue 29)', () => {
    const credentials = {
      apiKey: 1, api_key: 2, 'X-Api-Key': 3, APIKEY: 4, APIKey: 5, private_key: 6, privateKey: 7, cookie: 8, Cookies: 9, auth: 10,
      AUTH_HEADER: 11, oauth: 12, Authorization: 13, passphrase: 14, PassPhrase: 15, otp: 16, OTP_code: 17, pin: 18, PIN: 19,
      pinCode: 20, pin2: 21, 'card-pin': 22, passcode: 23, sessionId: 24, session_id: 25, SESSIONID: 26, sessionID: 27, 'x.session': 28,
      signature: 29, userPw: 30, key: 31, keys: 32,
    };
    const readable = {
      plan: { tier: 'TWO', sessionsPerWeek: 2 }, email: 'a@example.com', firstName: 'Ana', lastName: 'Lee', shipping: 'post',
      shippingAddress: '1 Main St', spinClass: true, pinned: true, hotpot: 1, author: 'Ann', authorName: 'Ann', keyword: 'k',
      monkey: 1, turkey: 2, passport: 'P1', compass: 'N', bypass: true, passenger: 1, sessions: 3, occurredAt: 't', phone: '+1',
      children: [{ name: 'Maya', weeklyLimit: 2 }],
    };
    const stored = redactBody({ ...credentials, ...readable, nested: [{ deeper: { ...credentials } }] }) as Record<string, unknown>;
    const allRedacted = Object.fromEntries(Object.keys(credentials).map((key) => [key, '[redacted]']));
    expect(stored).toEqual({ ...allRedacted, ...readable, nested: [{ deeper: allRedacted }] });
    // The same rule in a body stored as text (refused before its signature was verified, or not JSON).
    expect(rawBodyText(Buffer.from('{"apiKey":"k1","shipping":"post","deep":[{"sessionId":"s1","pin":4321}],"broken'))).toBe(
      '{"apiKey":"[redacted]","shipping":"post","deep":[{"sessionId":"[redacted]","pin":"[redacted]"}],"broken',
    );
    expect(redactQuery({ otp: '1', session: '2', page: '3' })).toEqual({ otp: '[redacted]', session: '[redacted]', page: '3' });
    expect(redactHeaders({ 'x-session-id': 's', 'x-otp': 'o', 'x-request-id': 'r' })).toEqual({ 'x-session-id': '[redacted]', 'x-otp': '[redacted]', 'x-request-id': 'r' });
  });

  it('cuts the secret out of keys too: a key that holds it loses it, and its value (issue 29)', () => {
    const secret = 'SECRET-VALUE-123';
    const body = redactBody({ [secret]: 'filed under the secret', [`x-${secret}`]: { a: 1 }, list: [{ [secret]: 2 }], note: `is ${secret}` }, secret);
    expect(JSON.stringify(body)).not.toContain(secret);
    expect(body).toEqual({ '[redacted]': '[redacted]', 'x-[redacted]': '[redacted]', list: [{ '[redacted]': '[redacted]' }], note: 'is [redacted]' });
    expect(redactHeaders({ [`x-${secret.toLowerCase()}`]: 'v' }, secret.toLowerCase())).toEqual({ 'x-[redacted]': '[redacted]' });
    expect(redactQuery({ [secret]: 'v' }, secret)).toEqual({ '[redacted]': '[redacted]' });
    expect(redactMapped({ email: 'a@example.com', notes: `about ${secret}` }, secret)).toEqual({ email: 'a@example.com', notes: 'about [redacted]' });
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
