import { inArray, sql } from 'drizzle-orm';
import { CHILD_DETAIL_FIELDS, isChildSlotField, slotsToChildren, type ChildChange } from '../../../shared/schemas/children';
import type { Tx } from '../../db/client';
import { authSessions, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { retireSetPasswordTokensOf } from '../users/set-password-token';
import { currentChildrenOf, type ChildRow } from '../users/user-fields';
import type { UserRow } from '../users/user-rules';
import { writeChildren } from '../users/write-children';
import { chunks } from './create-imported-users';
import type { ImportAccount, RowError } from './map-import-rows';
import { turnTaker, type ImportBatches } from './take-turns';

export interface ExistingAccountRow {
  row: ImportAccount;
  /** The live account with that e-mail, locked by the caller (a PARENT: administrators never reach here). */
  user: UserRow;
}

export interface UpdateImportedUsersInput {
  rows: ExistingAccountRow[];
  /** New argon2id hashes by line: only rows whose password differs from the account's. */
  passwordHashes: ReadonlyMap<number, string>;
  now: Date;
  /** Rows per statement (take-turns.ts). */
  batches: ImportBatches;
}


/**
 * The slot changes a row asks for: only the columns the file carries. A mapped child name column changes
 * its slot (a blank cell removes the child, as in the edit form); an unmapped one leaves the slot alone,
 * and a limit the file does not give keeps the child's limit.
 */
function childChangesOf({ account, given }: ImportAccount): ChildChange[] {
  // Issue 22: a date of birth or sex the file gives (a blank cell keeps what is recorded: it is not given).
  return slotsToChildren(Object.fromEntries([...given].filter(isChildSlotField).map((field) => [field, account[field]])) as Partial<typeof account>);
}

/** Whether writeChildren would change anything: most rows of a re-imported file change nothing and cost nothing. */
function changesChildren(changes: readonly ChildChange[], current: ChildRow[]): boolean {
  return changes.some((change) => {
    const existing = current.find((child) => child.position === change.position);
    const name = change.name === undefined ? undefined : (change.name ?? '').trim();
    if (name === '') return existing !== undefined;
    if (name !== undefined && (!existing || existing.name !== name)) return true;
    if (!existing) return false;
    return (
      (change.weeklyLimit !== undefined && change.weeklyLimit !== existing.weeklyLimit) ||
      CHILD_DETAIL_FIELDS.some((field) => change[field] !== undefined && change[field] !== existing[field])
    );
  });
}

/**
 * Updates existing parent accounts from their rows, in the caller's transaction: names always, plan and
 * weekly limit when the file gives them, a password only when the row has a different one (then, as when
 * the office sets a password, the family's sign-in sessions end and pending set-password links stop
 * working: see services/users/change-user-password.ts), and children slot by slot
 * through services/users/write-children.ts. A row whose children cannot be written (a child with upcoming
 * bookings cannot be removed; two children cannot share a name) is that row's error: its savepoint is
 * rolled back and none of its fields change. Everything else is one UPDATE per `batches.rows` changed accounts.
 */
export async function updateImportedUsers(
  tx: Tx,
  input: UpdateImportedUsersInput,
): Promise<{ updated: number[]; errors: RowError[] }> {
  const { rows, now } = input;
  const errors: RowError[] = [];
  const turn = turnTaker();
  const current = new Map<string, ChildRow[]>();
  for (const batch of chunks(rows, input.batches.lookup)) {
    await turn();
    for (const [userId, rowsOfUser] of await currentChildrenOf(
      tx,
      batch.map(({ user }) => user.id),
    )) {
      current.set(userId, rowsOfUser);
    }
  }

  const fine: ExistingAccountRow[] = [];
  for (const entry of rows) {
    await turn();
    const changes = childChangesOf(entry.row);
    if (!changesChildren(changes, current.get(entry.user.id) ?? [])) {
      fine.push(entry);
      continue;
    }
    try {
      // A savepoint inside the unit of work's transaction, not a transaction of its own: a refused row leaves
      // no half-written children behind.
      // eslint-disable-next-line no-restricted-syntax -- a savepoint inside the unit of work (see above)
      await tx.transaction((savepoint) => writeChildren(savepoint, { userId: entry.user.id, children: changes, now }));
      fine.push(entry);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      errors.push({ line: entry.row.line, message: `${entry.row.account.email}: ${error.message}` });
    }
  }

  const changed = fine.flatMap(({ row, user }) => {
    const { account, given } = row;
    const next = {
      id: user.id,
      firstName: account.firstName,
      lastName: account.lastName,
      planTier: given.has('planTier') ? account.planTier : user.planTier,
      weeklyLimit: given.has('weeklyLimit') ? account.weeklyLimit : user.weeklyLimit,
      passwordHash: input.passwordHashes.get(row.line) ?? null,
    };
    const same =
      next.firstName === user.firstName &&
      next.lastName === user.lastName &&
      next.planTier === user.planTier &&
      next.weeklyLimit === user.weeklyLimit &&
      next.passwordHash === null;
    return same ? [] : [next];
  });
  const at = now.toISOString();
  for (const batch of chunks(changed, input.batches.rows)) {
    await turn();
    const values = sql.join(
      batch.map(
        (u) => sql`(${u.id}::uuid, ${u.firstName}::text, ${u.lastName}::text, ${u.planTier}::text, ${u.weeklyLimit}::int, ${u.passwordHash}::text)`,
      ),
      sql`, `,
    );
    await tx.execute(sql`
      update ${users} set
        first_name = v.first_name,
        last_name = v.last_name,
        plan_tier = v.plan_tier,
        weekly_limit = v.weekly_limit,
        password_hash = coalesce(v.password_hash, ${users.passwordHash}),
        updated_at = ${at}::timestamptz
      from (values ${values}) as v(id, first_name, last_name, plan_tier, weekly_limit, password_hash)
      where ${users.id} = v.id`);
  }
  const withPassword = changed.filter((u) => u.passwordHash !== null).map((u) => u.id);
  for (const batch of chunks(withPassword, input.batches.lookup)) {
    await turn();
    await tx.delete(authSessions).where(inArray(authSessions.userId, batch));
  }
  await retireSetPasswordTokensOf(tx, { userIds: withPassword, now });
  return { updated: fine.map(({ row }) => row.line), errors };
}
