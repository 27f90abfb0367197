import { hashPassword, verifyPassword } from '../auth/password';
import type { ImportAccount } from './map-import-rows';

/*
 * argon2id is deliberately slow (about 20 ms of a core and 19 MiB a hash) and runs on libuv's thread pool, 4
 * threads shared with the file system, DNS and compression, and with every sign-in's password check. A file's
 * rows are hashed one at a time, and all imports of this process share that one place in the queue: an import
 * with hundreds of passwords never holds more than one pool thread (or one core) however many run at once,
 * and sign-ins and other requests keep the rest. The hashes are awaited one by one, so the event loop is free
 * between them.
 */
let importHashing: Promise<unknown> = Promise.resolve();

/** Runs `work` once every import hash queued before it has finished (one import hash at a time). */
function inImportQueue<T>(work: () => Promise<T>): Promise<T> {
  const run = importHashing.then(work, work);
  importHashing = run.catch(() => undefined);
  return run;
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
    for (const { line, account } of accounts) {
      if (!account.password) continue;
      const password = account.password;
      const stored = storedHashOf(account.email);
      if (stored && (await inImportQueue(() => verifyPassword(stored, password)))) matched.set(line, stored);
      else hashes.set(line, await inImportQueue(() => hashPassword(password)));
    }
    return new RowPasswords(hashes, matched);
  }

  /**
   * The hash to store for the row, or null when nothing changes: no password in the row, or the same one as
   * `storedHash`. Hashes on the spot only if the account changed between the reading and the transaction
   * (not in the import queue: the transaction is open and must not wait behind another import's hashes).
   */
  async newHash({ line, account }: ImportAccount, storedHash: string | null): Promise<string | null> {
    if (!account.password) return null;
    if (storedHash !== null && this.matched.get(line) === storedHash) return null;
    return this.hashes.get(line) ?? hashPassword(account.password);
  }
}
