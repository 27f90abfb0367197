import { inArray, sql } from 'drizzle-orm';
import { weeklyLimitOfPlan, withPlanLimit } from '../../../shared/rules/plans';
import { CHILD_DETAIL_FIELDS, isChildSlotField, slotsToChildren, type ChildChange } from '../../../shared/schemas/children';
import type { PlanLimits } from '../../../shared/schemas/settings';
import type { Tx } from '../../db/client';
import { authSessions, families, users } from '../../db/schema';
import { ensureFamily, familiesOf, type FamilyRow } from '../family/family-rows';
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
  /** Settings → Plans: a row that sets a plan gives the children their plan's weekly sessions (issue 31). */
  planLimits: PlanLimits;
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

/**
 * Issue 31: a row that gives a plan gives each child the plan's weekly sessions, unless the row gives a limit for the
 * child (withPlanLimit: a plan that differs from the family's reaches every child, the same plan only a child added).
 */
function withRowPlan(row: ImportAccount, changes: ChildChange[], current: readonly ChildRow[], family: { planTier: string } | null, planLimits: PlanLimits): ChildChange[] {
  if (!row.given.has('planTier')) return changes;
  return withPlanLimit(changes, {
    limit: weeklyLimitOfPlan(row.account.planTier, planLimits),
    current: current.map((child) => child.position),
    planChanged: !family || family.planTier !== row.account.planTier,
  });
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
  // Children and plans are the family's (decision 027): read by the accounts' families.
  const current = new Map<string, ChildRow[]>();
  const familyRows = new Map<string, FamilyRow>();
  for (const batch of chunks(rows, input.batches.lookup)) {
    await turn();
    const familyIds = batch.map(({ user }) => user.familyId);
    for (const [familyId, rowsOfFamily] of await currentChildrenOf(tx, familyIds)) current.set(familyId, rowsOfFamily);
    for (const [familyId, family] of await familiesOf(tx, familyIds)) familyRows.set(familyId, family);
  }
  const childrenOf = (user: { familyId: string | null }) => (user.familyId && current.get(user.familyId)) || [];
  const familyOfUser = (user: { familyId: string | null }) => (user.familyId && familyRows.get(user.familyId)) || null;

  const fine: ExistingAccountRow[] = [];
  for (const entry of rows) {
    await turn();
    const changes = withRowPlan(entry.row, childChangesOf(entry.row), childrenOf(entry.user), familyOfUser(entry.user), input.planLimits);
    if (!changesChildren(changes, childrenOf(entry.user))) {
      fine.push(entry);
      continue;
    }
    try {
      // A savepoint inside the unit of work's transaction, not a transaction of its own: a refused row leaves
      // no half-written children behind.
      // eslint-disable-next-line no-restricted-syntax -- a savepoint inside the unit of work (see above)
      await tx.transaction(async (savepoint) =>
        writeChildren(savepoint, { familyId: await ensureFamily(savepoint, entry.user, now), children: changes, now }),
      );
      fine.push(entry);
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      errors.push({ line: entry.row.line, message: `${entry.row.account.email}: ${error.message}` });
    }
  }

  const changed = fine.flatMap(({ row, user }) => {
    const { account, given } = row;
    const family = familyOfUser(user);
    const next = {
      id: user.id,
      familyId: family?.id ?? null,
      firstName: account.firstName,
      lastName: account.lastName,
      planTier: given.has('planTier') ? account.planTier : (family?.planTier ?? 'ONE'),
      weeklyLimit: given.has('weeklyLimit') ? account.weeklyLimit : (family?.weeklyLimit ?? 1),
      passwordHash: input.passwordHashes.get(row.line) ?? null,
    };
    const same =
      next.firstName === user.firstName &&
      next.lastName === user.lastName &&
      (!family || (next.planTier === family.planTier && next.weeklyLimit === family.weeklyLimit)) &&
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
        password_hash = coalesce(v.password_hash, ${users.passwordHash}),
        updated_at = ${at}::timestamptz
      from (values ${values}) as v(id, first_name, last_name, plan_tier, weekly_limit, password_hash)
      where ${users.id} = v.id`);
    await tx.execute(sql`
      update ${families} f set
        plan_tier = v.plan_tier,
        weekly_limit = v.weekly_limit,
        updated_at = ${at}::timestamptz
      from (values ${values}) as v(id, first_name, last_name, plan_tier, weekly_limit, password_hash)
      join ${users} u on u.id = v.id
      where f.id = u.family_id and (f.plan_tier, f.weekly_limit) is distinct from (v.plan_tier, v.weekly_limit)`);
  }
  const withPassword = changed.filter((u) => u.passwordHash !== null).map((u) => u.id);
  for (const batch of chunks(withPassword, input.batches.lookup)) {
    await turn();
    await tx.delete(authSessions).where(inArray(authSessions.userId, batch));
  }
  await retireSetPasswordTokensOf(tx, { userIds: withPassword, now });
  return { updated: fine.map(({ row }) => row.line), errors };
}
