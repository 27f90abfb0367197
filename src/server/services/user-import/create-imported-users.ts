import { weeklyLimitOfPlan } from '../../../shared/rules/plans';
import { childSlotFieldAt, namedChildren, slotsToChildren } from '../../../shared/schemas/children';
import type { PlanLimits } from '../../../shared/schemas/settings';
import type { Tx } from '../../db/client';
import { inArray } from 'drizzle-orm';
import { children, families, users } from '../../db/schema';
import type { EmailContext } from '../../mail/email-context';
import { queueSetPasswordEmails, type SetPasswordEmailInput } from '../users/set-password-email';
import { familyAccountRows } from '../users/user-row';
import type { ImportAccount } from './map-import-rows';
import { turnTaker, type ImportBatches } from './take-turns';

export function chunks<T>(items: readonly T[], size: number): T[][] {
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
  /** Rows per statement (take-turns.ts: large on PostgreSQL, small on PGlite). */
  batches: ImportBatches;
  /** Settings → Plans: a row that gives a plan gives its children the plan's weekly sessions (issue 31). */
  planLimits: PlanLimits;
}

/**
 * A new account's child's weekly limit (issue 31): the file's, when its column gives one; else the plan's, when the
 * row gives a plan; else the create form's default (already in `account`).
 */
function childLimitOf({ account, given }: ImportAccount, position: number, parsed: number, planLimits: PlanLimits): number {
  if (given.has(childSlotFieldAt(position, 'weeklyLimit')) || !given.has('planTier')) return parsed;
  return weeklyLimitOfPlan(account.planTier, planLimits);
}

/**
 * The batched twin of services/users/create-user.ts for a CSV file: the same account row (userRowValues of
 * services/users/user-row.ts: a PARENT here, children in slots 1–4 with blank names skipped, a typed password
 * only as argon2id) and, for an account without a password, the same set-password link and welcome e-mail
 * (queueSetPasswordEmails of services/users/set-password-email.ts) — but as a handful of multi-row INSERTs
 * per `batches.rows` rows instead of seven round trips per row (createUser in a loop took 17.7 s for 5,000 rows on
 * PostgreSQL).
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
  const welcomes: SetPasswordEmailInput[] = [];

  // In e-mail order: two imports of overlapping files wait on each other's new addresses in the same order
  // (one waits, then skips what the other added) instead of deadlocking.
  const ordered = [...input.accounts].sort((a, b) => (a.account.email < b.account.email ? -1 : a.account.email > b.account.email ? 1 : 0));
  const turn = turnTaker();
  for (const batch of chunks(ordered, input.batches.rows)) {
    await turn();
    // Each new account is a family's first guardian (decision 027): the families first (the accounts refer to them);
    // those whose account was not inserted (the address was taken meanwhile) are removed again below.
    const rowsOf = batch.map(({ line, account }) =>
      familyAccountRows({ ...account, role: 'PARENT', passwordHash: input.passwordHashes.get(line) ?? null, now }),
    );
    await tx.insert(families).values(rowsOf.map((r) => r.family));
    const inserted = await tx
      .insert(users)
      .values(rowsOf.map((r) => r.user))
      .onConflictDoNothing()
      .returning({ id: users.id, email: users.email });
    const idByEmail = new Map(inserted.map((row) => [row.email, row.id]));
    const unused = rowsOf.filter((r) => !idByEmail.has(r.user.email)).map((r) => r.family.id!);
    if (unused.length) await tx.delete(families).where(inArray(families.id, unused));

    for (const row of batch) {
      const id = idByEmail.get(row.account.email);
      if (!id) {
        taken.push(row);
        continue;
      }
      created.push({ line: row.line, id });
      for (const child of namedChildren(slotsToChildren(row.account))) {
        childRows.push({ familyId: id, ...child, weeklyLimit: childLimitOf(row, child.position, child.weeklyLimit, input.planLimits), createdAt: now });
      }
      if (!input.passwordHashes.has(row.line)) {
        welcomes.push({ user: { id, email: row.account.email, firstName: row.account.firstName }, kind: 'welcome', context: input.email, now });
      }
    }
  }

  for (const batch of chunks(childRows, input.batches.rows)) {
    await turn();
    await tx.insert(children).values(batch);
  }
  // Accounts created just now have no older link to retire.
  for (const batch of chunks(welcomes, input.batches.welcomes)) {
    await turn();
    await queueSetPasswordEmails(tx, batch, { newAccounts: true });
  }
  return { created, taken };
}
