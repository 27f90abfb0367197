import { eq, inArray } from 'drizzle-orm';
import type { Env } from '../env';
import { verifyPassword } from '../services/auth/password';
import type { Database, DatabaseHandle } from './client';
import { users, webhookConfigs } from './schema';
import { DEMO_ACCOUNTS, DEMO_WEBHOOK, FAMILY_PASSWORD } from './seed';

/** How many demo families the seed creates (family1@example.com … family10@example.com). */
const DEMO_FAMILY_COUNT = 10;

/** Every demo account with the password the README publishes for it. */
export const DEMO_CREDENTIALS: ReadonlyArray<{ email: string; password: string }> = [
  ...DEMO_ACCOUNTS.map(({ email, password }) => ({ email, password })),
  ...Array.from({ length: DEMO_FAMILY_COUNT }, (_, i) => ({ email: `family${i + 1}@example.com`, password: FAMILY_PASSWORD })),
];

/**
 * Whether to seed the demo data (when the database has no users). SEED_DEMO_DATA decides when it is set;
 * otherwise production never seeds (the demo accounts' passwords, SUPER_ADMIN's included, are in the README),
 * and development and test seed the embedded database only.
 */
export function shouldSeedDemoData(env: Pick<Env, 'NODE_ENV' | 'SEED_DEMO_DATA'>, dbKind: DatabaseHandle['kind']): boolean {
  if (env.SEED_DEMO_DATA !== undefined) return env.SEED_DEMO_DATA;
  if (env.NODE_ENV === 'production') return false;
  return dbKind === 'pglite';
}

/**
 * The e-mails of the demo accounts that still sign in with their published README password (argon2id check
 * of each, a few milliseconds apiece). Empty once every demo account was deleted or its password changed.
 */
export async function accountsWithDemoPasswords(db: Database): Promise<string[]> {
  const rows = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(inArray(users.email, DEMO_CREDENTIALS.map((account) => account.email)));
  const found: string[] = [];
  for (const { email, password } of DEMO_CREDENTIALS) {
    for (const row of rows) {
      if (row.email === email && row.passwordHash !== null && (await verifyPassword(row.passwordHash, password))) found.push(email);
    }
  }
  return found;
}

/** The endpoints of webhook configurations still signed with the README's demo secret (anyone could sign for them). */
export async function webhooksWithDemoSecret(db: Database): Promise<string[]> {
  const rows = await db
    .select({ endpoint: webhookConfigs.endpoint })
    .from(webhookConfigs)
    .where(eq(webhookConfigs.secretKey, DEMO_WEBHOOK.secretKey));
  return rows.map((row) => row.endpoint);
}
