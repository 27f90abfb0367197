import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { loadEnv } from '../env';
import { hashPassword } from '../services/auth/password';
import { createTestDatabase } from '../test-support/test-database';
import type { DatabaseHandle } from './client';
import { accountsWithDemoPasswords, DEMO_CREDENTIALS, shouldSeedDemoData, webhooksWithDemoSecret } from './demo-data-policy';
import { users, webhookConfigs } from './schema';
import { seedDemoData } from './seed';

// Demo data in production (docs/decisions/011): never seeded unless asked for, and loudly reported while a
// demo account still signs in with its README password.

describe('shouldSeedDemoData', () => {
  const decide = (settings: Record<string, string>, kind: DatabaseHandle['kind']) => shouldSeedDemoData(loadEnv(settings), kind);

  it('development and test keep the default: the embedded database is seeded, PostgreSQL is not', () => {
    expect(decide({ NODE_ENV: 'development' }, 'pglite')).toBe(true);
    expect(decide({ NODE_ENV: 'development' }, 'postgres')).toBe(false);
    expect(decide({ NODE_ENV: 'test' }, 'pglite')).toBe(true);
    expect(decide({}, 'pglite')).toBe(true);
  });

  it('production never seeds on its own, not even the embedded database', () => {
    expect(decide({ NODE_ENV: 'production' }, 'pglite')).toBe(false);
    expect(decide({ NODE_ENV: 'production' }, 'postgres')).toBe(false);
    expect(decide({ NODE_ENV: 'production', INSECURE_HTTP: 'true' }, 'pglite')).toBe(false);
  });

  it('SEED_DEMO_DATA decides when it is set, in production too', () => {
    expect(decide({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }, 'pglite')).toBe(true);
    expect(decide({ NODE_ENV: 'production', SEED_DEMO_DATA: 'true' }, 'postgres')).toBe(true);
    expect(decide({ NODE_ENV: 'development', SEED_DEMO_DATA: 'false' }, 'pglite')).toBe(false);
    expect(decide({ NODE_ENV: 'development', SEED_DEMO_DATA: 'true' }, 'postgres')).toBe(true);
  });
});

describe('demo credentials still in use', () => {
  let database: DatabaseHandle;
  beforeAll(async () => {
    database = await createTestDatabase();
  });
  afterAll(async () => {
    await database?.close();
  });

  it('finds nothing on a database without the demo data', async () => {
    expect(await accountsWithDemoPasswords(database.db)).toEqual([]);
    expect(await webhooksWithDemoSecret(database.db)).toEqual([]);
  });

  it('lists every seeded demo account (README passwords) and the demo webhook, until they are changed', async () => {
    await seedDemoData(database.db);
    expect(await accountsWithDemoPasswords(database.db)).toEqual(DEMO_CREDENTIALS.map((account) => account.email));
    expect(DEMO_CREDENTIALS.map((account) => account.email)).toContain('owner@example.com');
    expect(await webhooksWithDemoSecret(database.db)).toEqual(['crm-plans']);

    // The owner changes the SUPER_ADMIN's password; a family account gets its real e-mail; one family has no password yet.
    await database.db.update(users).set({ passwordHash: await hashPassword('a-real-secret-now') }).where(eq(users.email, 'owner@example.com'));
    await database.db.update(users).set({ email: 'real-family@example.org' }).where(eq(users.email, 'family10@example.com'));
    await database.db.update(users).set({ passwordHash: null }).where(eq(users.email, 'family9@example.com'));
    await database.db.update(webhookConfigs).set({ secretKey: 'a-new-secret-of-the-office-0001' }).where(eq(webhookConfigs.endpoint, 'crm-plans'));

    const left = await accountsWithDemoPasswords(database.db);
    expect(left).not.toContain('owner@example.com');
    expect(left).not.toContain('family9@example.com');
    expect(left).not.toContain('family10@example.com');
    expect(left).toContain('admin@example.com');
    expect(left).toHaveLength(DEMO_CREDENTIALS.length - 3);
    expect(await webhooksWithDemoSecret(database.db)).toEqual([]);
  });

  it('is not fooled by a non-demo account that happens to use a demo email with another password', async () => {
    await database.db.update(users).set({ passwordHash: await hashPassword('owner-demo-2') }).where(eq(users.email, 'admin@example.com'));
    expect(await accountsWithDemoPasswords(database.db)).not.toContain('admin@example.com');
  });
});
