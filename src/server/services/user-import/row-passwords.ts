import { hashPassword, verifyPassword } from '../auth/password';
import type { ImportAccount } from './map-import-rows';

/** argon2id is deliberately slow (tens of ms and 19 MiB a hash): a few at once, on libuv's threads. */
const ARGON2_CONCURRENCY = 4;

async function eachAtMost<T>(items: readonly T[], concurrency: number, work: (item: T) => Promise<void>): Promise<void> {
  let next = 0;
  await Promise.all(
    Array.from({ length: Math.min(concurrency, items.length) }, async () => {
      while (next < items.length) await work(items[next++]!);
    }),
  );
}

/**
 * The passwords of a file's rows, worked out before the import's transaction opens so the slow hashing never
 * holds row locks. Only rows that carry a password cost anything. A row whose password is already the
 * account's (checked against the hash the account had when the file was read) changes nothing, so importing
 * the same file again neither rewrites hashes nor signs the family out.
 */
export class RowPasswords {
  private constructor(
    private readonly hashes: Map<number, string>,
    /** line → the stored hash the row's password matched. */
    private readonly matched: Map<number, string>,
  ) {}

  static async prepare(accounts: readonly ImportAccount[], storedHashOf: (email: string) => string | null | undefined): Promise<RowPasswords> {
    const hashes = new Map<number, string>();
    const matched = new Map<number, string>();
    await eachAtMost(
      accounts.filter(({ account }) => account.password),
      ARGON2_CONCURRENCY,
      async ({ line, account }) => {
        const stored = storedHashOf(account.email);
        if (stored && (await verifyPassword(stored, account.password!))) matched.set(line, stored);
        else hashes.set(line, await hashPassword(account.password!));
      },
    );
    return new RowPasswords(hashes, matched);
  }

  /**
   * The hash to store for the row, or null when nothing changes: no password in the row, or the same one as
   * `storedHash`. Hashes on the spot only if the account changed between the reading and the transaction.
   */
  async newHash({ line, account }: ImportAccount, storedHash: string | null): Promise<string | null> {
    if (!account.password) return null;
    if (storedHash !== null && this.matched.get(line) === storedHash) return null;
    return this.hashes.get(line) ?? hashPassword(account.password);
  }
}
