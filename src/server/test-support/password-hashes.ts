import { DEMO_ACCOUNTS, FAMILY_PASSWORD } from '../db/seed';
import { hashPassword } from '../services/auth/password';

/**
 * The passwords tests sign in with, hashed once per run by global-setup.ts (real argon2id hashes at the full
 * production cost, only not recomputed for every account of every test file).
 */
export const TEST_PASSWORDS: readonly string[] = [...DEMO_ACCOUNTS.map((a) => a.password), FAMILY_PASSWORD, 'secret-pass'];

const memo = new Map<string, Promise<string>>();

async function provided(): Promise<Record<string, string>> {
  if (!process.env.VITEST) return {};
  const { inject } = await import('vitest');
  return inject('passwordHashes') ?? {};
}

/**
 * A real argon2id hash of `password`, computed at most once per run for the common test passwords and once per
 * file for any other. For fixtures only: tests about hashing itself call hashPassword.
 */
export function testPasswordHash(password: string): Promise<string> {
  let hash = memo.get(password);
  if (!hash) {
    hash = provided().then((known) => known[password] ?? hashPassword(password));
    memo.set(password, hash);
  }
  return hash;
}
