import { childNameField, childLimitField } from '../../../shared/schemas/admin-users';
import { CHILD_SLOTS } from '../../../shared/schemas/users';
import type { Tx } from '../../db/client';
import { children, emailOutbox, passwordTokens, users } from '../../db/schema';
import type { EmailContext } from '../email/booking-emails';
import { buildSetPasswordEmail } from '../users/set-password-email';
import type { ImportAccount } from './map-import-rows';

/** Rows per multi-row INSERT: a few thousand bound parameters, well under PostgreSQL's 65,535. */
export const INSERT_CHUNK = 500;

export function chunks<T>(items: readonly T[], size = INSERT_CHUNK): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += size) out.push(items.slice(i, i + size));
  return out;
}

export interface CreateImportedUsersInput {
  accounts: ImportAccount[];
  /** argon2id hashes of the rows that carry a password, by line (see RowPasswords). */
  passwordHashes: ReadonlyMap<number, string>;
  email: EmailContext;
  now: Date;
}

/**
 * The batched twin of services/users/create-user.ts for a CSV file: the same account (a PARENT, e-mail
 * lower-cased, children in slots 1–4 with blank names skipped, a typed password only as argon2id) and, for
 * an account without a password, the same set-password link and welcome e-mail (buildSetPasswordEmail of
 * services/users/set-password-email.ts, the token held in the outbox row's secrets) — but as a handful of multi-row INSERTs per 500 rows instead of seven
 * round trips per row (createUser in a loop took 17.7 s for 5,000 rows on PostgreSQL).
 *
 * Runs in the caller's transaction, which has already looked the e-mails up. An address that a live account
 * took in the meantime (another admin, at the same moment) is not inserted (ON CONFLICT DO NOTHING against
 * the unique live-e-mail index) and comes back in `taken`, for the caller to report on its line.
 */
export async function createImportedUsers(
  tx: Tx,
  input: CreateImportedUsersInput,
): Promise<{ created: Array<{ line: number; id: string }>; taken: ImportAccount[] }> {
  const { now } = input;
  const created: Array<{ line: number; id: string }> = [];
  const taken: ImportAccount[] = [];
  const childRows: Array<typeof children.$inferInsert> = [];
  const linkRows: Array<typeof passwordTokens.$inferInsert> = [];
  const mailRows: Array<typeof emailOutbox.$inferInsert> = [];

  // In e-mail order: two imports of overlapping files wait on each other's new addresses in the same order
  // (one waits, then skips what the other added) instead of deadlocking.
  const ordered = [...input.accounts].sort((a, b) => (a.account.email < b.account.email ? -1 : a.account.email > b.account.email ? 1 : 0));
  for (const batch of chunks(ordered)) {
    const inserted = await tx
      .insert(users)
      .values(
        batch.map(({ line, account }) => ({
          email: account.email,
          firstName: account.firstName,
          lastName: account.lastName,
          role: 'PARENT',
          planTier: account.planTier,
          weeklyLimit: account.weeklyLimit,
          passwordHash: input.passwordHashes.get(line) ?? null,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));

    for (const row of batch) {
      const id = idByEmail.get(row.account.email);
      if (!id) {
        taken.push(row);
        continue;
      }
      created.push({ line: row.line, id });
      CHILD_SLOTS.forEach((slot, index) => {
        const name = row.account[childNameField(slot)];
        if (name) childRows.push({ userId: id, position: index + 1, name, weeklyLimit: row.account[childLimitField(slot)], createdAt: now });
      });
      if (!input.passwordHashes.has(row.line)) {
        // A new account has no older link to retire: the rows are built here and inserted in batches below.
        const welcome = buildSetPasswordEmail({
          user: { id, email: row.account.email, firstName: row.account.firstName },
          kind: 'welcome',
          context: input.email,
          now,
        });
        linkRows.push(welcome.linkRow);
        mailRows.push(welcome.outboxRow);
      }
    }
  }

  for (const batch of chunks(childRows)) await tx.insert(children).values(batch);
  for (const batch of chunks(linkRows)) await tx.insert(passwordTokens).values(batch);
  // E-mail bodies are a few kB each: smaller batches keep one statement around a megabyte.
  for (const batch of chunks(mailRows, 200)) await tx.insert(emailOutbox).values(batch);
  return { created, taken };
}
