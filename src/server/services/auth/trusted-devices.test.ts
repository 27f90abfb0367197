import { createHash } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { loginFailures, trustedDevices, users } from '../../db/schema';
import { deviceCookieName } from '../../plugins/auth';
import { ApiClient } from '../../test-support/test-server';
import { withApi } from '../../test-support/with-api';
import { LOGIN_LIMITS } from './login-throttle';
import { TRUSTED_DEVICE_DAYS } from './trusted-devices';

// Issue 17, item 8: five wrong guesses by a stranger must not lock the family out of the phone they always
// use. Through HTTP, with one proxy trusted so each client has its own address (X-Forwarded-For).
const { server } = withApi({ eachTest: true, env: { TRUST_PROXY: '1' } });

const OWNER = { email: 'parent@example.com', password: 'parent-demo-1' };
const OWNER_ADDRESS = '198.51.100.7';
const ATTACKER_ADDRESS = '203.0.113.9';
const DEVICE = 'nb_device';

const signIn = (client: ApiClient, password: string, ip: string, email = OWNER.email) =>
  client.post('/api/auth/login', { email, password }, { 'x-forwarded-for': ip });

/** A browser that signed in as the owner before: its device cookie, and nothing else. */
async function ownersPhone(): Promise<ApiClient> {
  const first = new ApiClient(server.baseUrl);
  expect((await signIn(first, OWNER.password, OWNER_ADDRESS)).status).toBe(200);
  const phone = new ApiClient(server.baseUrl);
  phone.setCookie(DEVICE, first.cookie(DEVICE)!);
  return phone;
}

async function lockOutByStranger(email = OWNER.email) {
  const attacker = new ApiClient(server.baseUrl);
  for (let i = 0; i < LOGIN_LIMITS.perAccount; i++) {
    expect((await signIn(attacker, `guess-${i}`, ATTACKER_ADDRESS, email)).status).toBe(401);
  }
  expect((await signIn(attacker, 'guess-last', ATTACKER_ADDRESS, email)).status).toBe(429);
}

describe('trusted devices', () => {
  it('every sign-in sets a long-lived HttpOnly SameSite=Lax device cookie whose token is stored only hashed', async () => {
    const client = new ApiClient(server.baseUrl);
    const res = await signIn(client, OWNER.password, OWNER_ADDRESS);
    expect(res.status).toBe(200);
    const line = res.setCookies.find((c) => c.startsWith(`${DEVICE}=`))!;
    expect(line).toMatch(/; HttpOnly/i);
    expect(line).toMatch(/; SameSite=Lax/i);
    expect(line).toMatch(/; Path=\//i);
    expect(line).toContain(`Max-Age=${TRUSTED_DEVICE_DAYS * 86_400}`);
    const token = client.cookie(DEVICE)!;
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const [owner] = await server.database.db.select().from(users).where(eq(users.email, OWNER.email));
    const rows = await server.database.db.select().from(trustedDevices).where(eq(trustedDevices.userId, owner!.id));
    expect(rows.map((r) => r.tokenHash)).toEqual([createHash('sha256').update(token).digest('hex')]);
    expect(rows[0]!.expiresAt.getTime() - rows[0]!.createdAt.getTime()).toBe(TRUSTED_DEVICE_DAYS * 86_400_000);

    // Signing in again on that device keeps its token (one row per device), and slides its expiry.
    expect((await signIn(client, OWNER.password, OWNER_ADDRESS)).status).toBe(200);
    expect(client.cookie(DEVICE)).toBe(token);
    expect(await server.database.db.select().from(trustedDevices).where(eq(trustedDevices.userId, owner!.id))).toHaveLength(1);
  });

  it('lets the correct password from a device that signed in before through the lock a stranger caused', async () => {
    const phone = await ownersPhone();
    await lockOutByStranger();

    // Another browser of the owner, without the device cookie: locked like anyone else.
    expect((await signIn(new ApiClient(server.baseUrl), OWNER.password, OWNER_ADDRESS)).status).toBe(429);
    // The phone with a wrong password: still refused, and counted.
    const typo = await signIn(phone, 'parent-demo-x', OWNER_ADDRESS);
    expect(typo.status).toBe(401);
    expect(typo.setCookies.some((c) => c.startsWith('nb_session='))).toBe(false);
    // The phone with the right password: signed in.
    const res = await signIn(phone, OWNER.password, OWNER_ADDRESS);
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body.user.email).toBe(OWNER.email);
    expect(phone.cookie('nb_session')).toBeTruthy();
    expect((await phone.get('/api/me')).status).toBe(200);
  });

  it("does not let another account's device cookie through", async () => {
    const neighbour = new ApiClient(server.baseUrl);
    expect((await signIn(neighbour, 'parent-demo-2', OWNER_ADDRESS, 'parent2@example.com')).status).toBe(200);
    await lockOutByStranger();
    const borrowed = new ApiClient(server.baseUrl);
    borrowed.setCookie(DEVICE, neighbour.cookie(DEVICE)!);
    expect((await signIn(borrowed, OWNER.password, OWNER_ADDRESS)).status).toBe(429);
    // Nor a made-up one.
    const forged = new ApiClient(server.baseUrl);
    forged.setCookie(DEVICE, 'A'.repeat(43));
    expect((await signIn(forged, OWNER.password, OWNER_ADDRESS)).status).toBe(429);
  });

  it(`stops helping a device after ${LOGIN_LIMITS.perTrustedDevice} wrong passwords of its own`, async () => {
    const phone = await ownersPhone();
    await lockOutByStranger();
    for (let i = 0; i < LOGIN_LIMITS.perTrustedDevice; i++) {
      expect((await signIn(phone, `wrong-${i}`, OWNER_ADDRESS)).status).toBe(401);
    }
    expect((await signIn(phone, OWNER.password, OWNER_ADDRESS)).status).toBe(429);
  });

  it('keeps the per-address limit: a device cookie does not help from a blocked address', async () => {
    const phone = await ownersPhone();
    const attacker = new ApiClient(server.baseUrl);
    for (let i = 0; i < LOGIN_LIMITS.perAddress; i++) {
      expect((await signIn(attacker, 'password1', OWNER_ADDRESS, `guess${i}@example.com`)).status).toBe(401);
    }
    expect((await signIn(phone, OWNER.password, OWNER_ADDRESS)).status).toBe(429);
  });

  it('a successful sign-in through the lock clears the counters it reserved', async () => {
    const phone = await ownersPhone();
    await lockOutByStranger();
    expect((await signIn(phone, OWNER.password, OWNER_ADDRESS)).status).toBe(200);
    const keys = (await server.database.db.select().from(loginFailures)).map((row) => row.key);
    expect(keys.filter((key) => key.startsWith('account:') || key.startsWith('device:'))).toEqual([]);
    // With the account's counter cleared, other browsers of the owner sign in again.
    expect((await signIn(new ApiClient(server.baseUrl), OWNER.password, OWNER_ADDRESS)).status).toBe(200);
  });

  it("forgets the account's devices when the office sets its password", async () => {
    const phone = await ownersPhone();
    const [owner] = await server.database.db.select().from(users).where(eq(users.email, OWNER.email));
    const admin = new ApiClient(server.baseUrl);
    expect((await signIn(admin, 'admin-demo-1', OWNER_ADDRESS, 'admin@example.com')).status).toBe(200);
    const newPassword = 'Lantern-Orchard-Ferry-58';
    const changed = await admin.request('PUT', `/api/admin/users/${owner!.id}/change-password`, { newPassword });
    expect(changed.status, JSON.stringify(changed.body)).toBe(200);
    expect(await server.database.db.select().from(trustedDevices).where(eq(trustedDevices.userId, owner!.id))).toEqual([]);
    await lockOutByStranger();
    expect((await signIn(phone, newPassword, OWNER_ADDRESS)).status).toBe(429);
  });

  it('names the cookie like the session cookie: __Host-nb_device over HTTPS in production, nb_device otherwise', () => {
    expect(deviceCookieName({ secureCookies: true })).toBe('__Host-nb_device');
    expect(deviceCookieName({ secureCookies: false })).toBe('nb_device');
  });
});
