import { describe, expect, it } from 'vitest';
import { loadEnv, openUrl, parseTrustProxy } from './env';
import { logStream } from './logging';
import { Writable } from 'node:stream';

// TRUST_PROXY (docs/decisions/011): which reverse proxies are believed about the client's address and scheme.

const TRUST_PROXY_MESSAGE =
  'TRUST_PROXY must be false, a hop count such as 1, or proxy addresses/CIDRs such as 10.0.0.0/8,127.0.0.1';

describe('TRUST_PROXY', () => {
  it('defaults to false: X-Forwarded-* is ignored', () => {
    expect(loadEnv({}).trustProxy).toBe(false);
    expect(loadEnv({ TRUST_PROXY: '' }).trustProxy).toBe(false);
    for (const value of ['false', 'FALSE', 'no', '0']) expect(loadEnv({ TRUST_PROXY: value }).trustProxy, value).toBe(false);
  });

  it('takes a hop count', () => {
    expect(loadEnv({ TRUST_PROXY: '1' }).trustProxy).toBe(1);
    expect(loadEnv({ TRUST_PROXY: '2' }).trustProxy).toBe(2);
  });

  it('takes proxy addresses and CIDRs, IPv4 and IPv6, comma separated with spaces', () => {
    expect(loadEnv({ TRUST_PROXY: '127.0.0.1' }).trustProxy).toEqual(['127.0.0.1']);
    expect(loadEnv({ TRUST_PROXY: '10.0.0.0/8, 192.168.1.7 ,127.0.0.1' }).trustProxy).toEqual(['10.0.0.0/8', '192.168.1.7', '127.0.0.1']);
    expect(loadEnv({ TRUST_PROXY: '::1,fd00::/8' }).trustProxy).toEqual(['::1', 'fd00::/8']);
    expect(loadEnv({ TRUST_PROXY: '2001:db8::/32,10.0.0.0/32' }).trustProxy).toEqual(['2001:db8::/32', '10.0.0.0/32']);
  });

  it('refuses true (it would believe a client-chosen X-Forwarded-For) with the message', () => {
    for (const value of ['true', 'TRUE', 'yes']) {
      expect(() => loadEnv({ TRUST_PROXY: value }), value).toThrow(`TRUST_PROXY: ${TRUST_PROXY_MESSAGE}`);
    }
  });

  it('refuses anything else that is not an address, a CIDR or a small hop count', () => {
    for (const value of [
      'proxy.example.com',
      '10.0.0.0/33',
      'fd00::/129',
      '10.0.0.0/8/8',
      '10.0.0.0/x',
      '300.1.1.1',
      '1.2.3.4,nope',
      '100',
      '-1',
      '1.5',
      'loopback',
    ]) {
      expect(parseTrustProxy(value), value).toBeUndefined();
      expect(() => loadEnv({ TRUST_PROXY: value }), value).toThrow(TRUST_PROXY_MESSAGE);
    }
  });
});

describe('the email worker and cluster timings', () => {
  it('default to 15 s between email runs, 30 s claims and a 1 s worker restart', () => {
    expect(loadEnv({})).toMatchObject({ EMAIL_WORKER_INTERVAL_MS: 15_000, EMAIL_CLAIM_LEASE_MS: 30_000, CLUSTER_RESTART_DELAY_MS: 1_000 });
    expect(loadEnv({ EMAIL_WORKER_INTERVAL_MS: '500', EMAIL_CLAIM_LEASE_MS: '3000', CLUSTER_RESTART_DELAY_MS: '100' })).toMatchObject({
      EMAIL_WORKER_INTERVAL_MS: 500,
      EMAIL_CLAIM_LEASE_MS: 3_000,
      CLUSTER_RESTART_DELAY_MS: 100,
    });
  });

  it('refuse values out of range or not whole numbers', () => {
    for (const [name, value] of [
      ['EMAIL_WORKER_INTERVAL_MS', '50'],
      ['EMAIL_WORKER_INTERVAL_MS', 'soon'],
      ['EMAIL_CLAIM_LEASE_MS', '999'],
      ['EMAIL_CLAIM_LEASE_MS', '1.5'],
      ['CLUSTER_RESTART_DELAY_MS', '5'],
      ['CLUSTER_RESTART_DELAY_MS', '60001'],
    ] as const) {
      expect(() => loadEnv({ [name]: value }), `${name}=${value}`).toThrow(`${name}:`);
    }
  });
});

describe('RETENTION_MONTHS (docs/privacy.md)', () => {
  it('defaults to 24 months and takes another whole number of months', () => {
    expect(loadEnv({}).RETENTION_MONTHS).toBe(24);
    expect(loadEnv({ RETENTION_MONTHS: '36' }).RETENTION_MONTHS).toBe(36);
  });

  it('refuses zero, fractions, words and more than ten years', () => {
    for (const value of ['0', '1.5', 'forever', '121', '-3']) {
      expect(() => loadEnv({ RETENTION_MONTHS: value }), value).toThrow('RETENTION_MONTHS:');
    }
  });
});

describe('HTTPS in production (secure cookies and HSTS)', () => {
  it('is on in production unless INSECURE_HTTP is set, never in development or test', () => {
    expect(loadEnv({ NODE_ENV: 'production' }).secureCookies).toBe(true);
    expect(loadEnv({ NODE_ENV: 'production', INSECURE_HTTP: 'true' }).secureCookies).toBe(false);
    expect(loadEnv({ NODE_ENV: 'development' }).secureCookies).toBe(false);
    expect(loadEnv({ NODE_ENV: 'test' }).secureCookies).toBe(false);
  });
});

describe("the 'Open <url>' line printed once the server listens", () => {
  it('is http://localhost:<PORT> without PUBLIC_URL', () => {
    expect(openUrl(loadEnv({}))).toBe('http://localhost:3000');
    expect(openUrl(loadEnv({ PORT: '3999' }))).toBe('http://localhost:3999');
  });

  it('names the port the server listens on (PORT=0: the one the system chose)', () => {
    expect(openUrl(loadEnv({ PORT: '0' }), 41234)).toBe('http://localhost:41234');
  });

  it('is PUBLIC_URL when set (without a trailing slash), whatever the port', () => {
    expect(openUrl(loadEnv({ PUBLIC_URL: 'https://portal.example.com/', PORT: '8080' }), 8080)).toBe('https://portal.example.com');
  });
});

describe("a newcomer's first start (issue 33): HOST, LOG_FORMAT and the demo's contact address", () => {
  it('listens on 127.0.0.1 outside production, on 0.0.0.0 in production, on HOST when set', () => {
    expect(loadEnv({}).HOST).toBe('127.0.0.1');
    expect(loadEnv({ NODE_ENV: 'test' }).HOST).toBe('127.0.0.1');
    expect(loadEnv({ NODE_ENV: 'production' }).HOST).toBe('0.0.0.0');
    expect(loadEnv({ NODE_ENV: 'development', HOST: '0.0.0.0' }).HOST).toBe('0.0.0.0');
    expect(loadEnv({ NODE_ENV: 'production', HOST: '10.0.0.5' }).HOST).toBe('10.0.0.5');
  });

  it('logs readable lines in development and JSON otherwise, unless LOG_FORMAT says', () => {
    expect(loadEnv({}).LOG_FORMAT).toBe('pretty');
    expect(loadEnv({ NODE_ENV: 'production' }).LOG_FORMAT).toBe('json');
    expect(loadEnv({ NODE_ENV: 'test' }).LOG_FORMAT).toBe('json');
    expect(loadEnv({ LOG_FORMAT: 'json' }).LOG_FORMAT).toBe('json');
    expect(() => loadEnv({ LOG_FORMAT: 'xml' })).toThrow(/LOG_FORMAT/);
  });

  it('gives development the demo office address for the sign-in help, never production', () => {
    expect(loadEnv({}).BUSINESS_CONTACT_EMAIL).toBe('office@example.com');
    expect(loadEnv({ NODE_ENV: 'production' }).BUSINESS_CONTACT_EMAIL).toBeUndefined();
    expect(loadEnv({ NODE_ENV: 'test' }).BUSINESS_CONTACT_EMAIL).toBeUndefined();
    expect(loadEnv({ BUSINESS_CONTACT_EMAIL: 'desk@maple.example' }).BUSINESS_CONTACT_EMAIL).toBe('desk@maple.example');
  });
});

describe('logStream', () => {
  it('is pino-pretty in pretty mode (one readable line per entry, secrets redacted before it), none for JSON', async () => {
    expect(await logStream({ LOG_FORMAT: 'json' })).toBeUndefined();
    const out: string[] = [];
    const sink = new Writable({ write: (chunk: Buffer, _encoding, done) => (out.push(chunk.toString()), done()) });
    const stream = await logStream({ LOG_FORMAT: 'pretty' }, sink);
    expect(stream).toBeDefined();
    const { default: pino } = await import('pino');
    const log = pino({ redact: { paths: ['req.headers.cookie'], censor: '[redacted]' } }, stream as NodeJS.WritableStream);
    log.info({ req: { headers: { cookie: 'nb_session=secret' } } }, 'hello there');
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(out.join('')).toMatch(/INFO.*hello there/);
    expect(out.join('')).not.toContain('secret');
    expect(out.join('')).not.toMatch(/^\{"level"/);
  });
});
