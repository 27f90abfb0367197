import { describe, expect, it } from 'vitest';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';
import { LOGIN_LIMITS } from './login-throttle';

// Each test gets its own server and database, so the counters start from zero.
const { server } = withApi({ eachTest: true });

const attempt = (email: string, password: string, ip?: string) =>
  new ApiClient(server.baseUrl).post('/api/auth/login', { email, password }, ip ? { 'x-forwarded-for': ip } : {});

describe('login rate limiting', () => {
  it(`locks an account after ${LOGIN_LIMITS.perAccount} failures, even for the right password, with a 429 message`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
      expect((await attempt('parent@example.com', `wrong-${i}`)).status).toBe(401);
    }
    const locked = await attempt('parent@example.com', 'parent-demo-1');
    expect(locked.status).toBe(429);
    expect(locked.body.message).toMatch(/Too many failed sign-in attempts/);
    expect(locked.setCookies).toEqual([]);
    // Another account from the same address is not locked by it.
    expect((await attempt('parent2@example.com', 'parent-demo-2')).status).toBe(200);
  });

  it('a successful sign-in before the limit resets the account counter', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++) await attempt('admin@example.com', 'wrong');
    expect((await attempt('admin@example.com', 'admin-demo-1')).status).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perAccount - 1; i++) await attempt('admin@example.com', 'wrong');
    expect((await attempt('admin@example.com', 'admin-demo-1')).status).toBe(200);
  });

  it('counts only wrong passwords: refusals of a locked account use up nothing of the address', async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) expect((await attempt('parent@example.com', `wrong-${i}`)).status).toBe(401);
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) expect((await attempt('parent@example.com', 'parent-demo-1')).status).toBe(429);
    // Another family at the same address signs in, and the address has its failures left (20 - 5).
    expect((await attempt('parent2@example.com', 'parent-demo-2')).status).toBe(200);
    for (let i = 0; i < LOGIN_LIMITS.perAddress - LOGIN_LIMITS.perAccount; i++) {
      expect((await attempt(`guess${i}@example.com`, 'password1')).status).toBe(401);
    }
    expect((await attempt('parent2@example.com', 'parent-demo-2')).status).toBe(429);
  });

  it(`blocks an address after ${LOGIN_LIMITS.perAddress} failures across many accounts`, async () => {
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      expect((await attempt(`guess${i}@example.com`, 'password1')).status).toBe(401);
    }
    const blocked = await attempt('parent@example.com', 'parent-demo-1');
    expect(blocked.status).toBe(429);
    expect(blocked.body.message).toMatch(/Please wait 15 minutes/);
  });
});
