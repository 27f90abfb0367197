import { and, asc, inArray, isNull, sql } from 'drizzle-orm';
import { isAdminRole, isStaffRole } from '../../../shared/rules/roles';
import { CSV_MAX_PASSWORD_ROWS, CSV_MAX_ROWS, csvTooManyPasswords, type CsvImportResult } from '../../../shared/schemas/admin-users';
import type { DbOrTx, Tx } from '../../db/client';
import { users } from '../../db/schema';
import { HttpError } from '../../http-error';
import type { EmailContext } from '../../mail/email-context';
import { RECENT_ADMIN_PASSWORD, wasAdministratorRecently, type UserRow } from '../users/user-rules';
import { getBusinessSetting } from '../settings/get-business-setting';
import { chunks, createImportedUsers } from './create-imported-users';
import { countRowsWithPassword, formatRowError, mapImportRows, readColumnMapping, readDateOrder, type ImportAccount, type RowError } from './map-import-rows';
import { parseUserCsv, type ParsedCsv } from './parse-user-csv';
import { rejectedRowsCsv } from './rejected-rows-csv';
import { RowPasswords } from './row-passwords';
import { turnTaker, type ImportBatches } from './take-turns';
import { updateImportedUsers, type ExistingAccountRow } from './update-imported-users';
import { ensureFamily } from '../family/family-rows';
import { importGuardians } from '../family/import-guardians';
import { hasGuardianImport } from '../../../shared/schemas/family';

export interface PrepareUserImportInput {
  /** The uploaded file's bytes (at most CSV_MAX_BYTES, checked by the route while reading). */
  csv: Uint8Array;
  /** The form field columnMapping, as received (JSON text). */
  columnMapping: unknown;
  /** The form field dateOrder, as received (issue 33: MDY or DMY; absent: ISO dates only). */
  dateOrder: unknown;
  /** Rows per statement (take-turns.ts: large on PostgreSQL, small on PGlite). */
  batches: ImportBatches;
}

/** A file read, checked and its passwords worked out (prepareUserImport), ready for importUsers. */
export interface PreparedUserImport {
  /** Data rows in the file. */
  processed: number;
  /** The file as read: its refused rows are answered as a CSV of their own (rejected-rows-csv.ts). */
  csv: ParsedCsv;
  accounts: ImportAccount[];
  /** The rows refused by the form's rules. */
  errors: RowError[];
  passwords: RowPasswords;
  /** The header mapped to the password, whose cells never go back in the rejected rows' file. */
  passwordColumn: string | undefined;
}

export interface ImportUsersInput {
  email: EmailContext;
  /** The administrator importing (recorded when the file adds a guardian to a family). */
  actor: { id: string; name: string };
  now: Date;
  /** Rows per statement (take-turns.ts). */
  batches: ImportBatches;
}

/**
 * The live accounts with these e-mails (compared without case), by lower-cased e-mail; `lock` takes their
 * row locks in id order, so two imports (or an import and an edit) touching the same accounts queue up.
 */
async function findLiveUsers(db: DbOrTx, emails: string[], options: { lock: boolean; perQuery: number }): Promise<Map<string, UserRow>> {
  const found = new Map<string, UserRow>();
  const turn = turnTaker();
  for (const batch of chunks(emails, options.perQuery)) {
    await turn();
    const query = db
      .select()
      .from(users)
      .where(and(inArray(sql<string>`lower(${users.email})`, batch), isNull(users.deletedAt)))
      .orderBy(asc(users.id));
    // FOR NO KEY UPDATE, as lockUser (decision 022): the families' bookings are not held up.
    for (const user of options.lock ? await query.for('no key update') : await query) found.set(user.email.toLowerCase(), user);
  }
  return found;
}

/**
 * Spec 2/5/7, CSV user import, first step (reads only, before the unit of work opens): the file is parsed and
 * every row checked against the create form's rules; passwords are hashed (only rows that have one, see
 * RowPasswords) against the accounts as they are now, so the slow hashing never holds a row lock or keeps a
 * transaction open. A file of more than CSV_MAX_ROWS rows, or with more than CSV_MAX_PASSWORD_ROWS passwords,
 * is refused (400) before any of that.
 */
export async function prepareUserImport(db: DbOrTx, input: PrepareUserImportInput): Promise<PreparedUserImport> {
  const mapping = readColumnMapping(input.columnMapping);
  const dateOrder = readDateOrder(input.dateOrder);
  const csv = await parseUserCsv(input.csv, { maxRows: CSV_MAX_ROWS });
  const table = { headers: csv.headers, rows: csv.rows, mapping, dateOrder };
  // Refused before a single row is checked or hashed.
  if (countRowsWithPassword(table) > CSV_MAX_PASSWORD_ROWS) throw new HttpError(400, csvTooManyPasswords());
  const { accounts, errors } = await mapImportRows(table);
  const known = await findLiveUsers(
    db,
    accounts.map(({ account }) => account.email),
    { lock: false, perQuery: input.batches.lookup },
  );
  const passwords = await RowPasswords.prepare(
    accounts.filter(({ account }) => !isStaffRole(known.get(account.email)?.role)),
    (email) => known.get(email)?.passwordHash,
  );
  return { processed: csv.rows.length, csv, accounts, errors, passwords, passwordColumn: mapping.password };
}

/**
 * Second step, in the caller's transaction (the request's unit of work, which wakes the e-mail worker for the
 * welcome e-mails after the commit): the file's e-mails are looked up among live accounts in a few queries
 * and locked; an e-mail not found creates a PARENT (with a welcome e-mail and set-password link when the row
 * has no password), a parent's e-mail updates that account, an administrator's e-mail is left alone and
 * reported, and so is a row that would set the password of an account that was an administrator in the last
 * 30 days. Bad rows are reported as 'Line N: …' and skipped, and answered as a CSV file of their own with an Error
 * column (issue 33); the other rows are imported. Importing the same
 * file again creates nothing: each row then finds its account and counts as updated (changing nothing).
 */
export async function importUsers(tx: Tx, prepared: PreparedUserImport, input: ImportUsersInput): Promise<CsvImportResult> {
  const { now } = input;
  const { accounts, passwords } = prepared;
  // The users and children search indexes (GIN, trigrams) keep new entries in a pending list and merge it into
  // the index once it passes gin_pending_list_limit (4 MB): with thousands of new rows, one insert would do that
  // whole merge (about a quarter of a second on PGlite, in the request thread). Smaller merges, more often.
  await tx.execute(sql`set local gin_pending_list_limit = 64`);
  const emails = accounts.map(({ account }) => account.email);
  const rowErrors: RowError[] = [];
  const existing = await findLiveUsers(tx, emails, { lock: true, perQuery: input.batches.lookup });

  const toCreate: ImportAccount[] = [];
  const toUpdate: ExistingAccountRow[] = [];
  const turn = turnTaker();
  for (const row of accounts) {
    const user = existing.get(row.account.email);
    if (!user) toCreate.push(row);
    else if (isStaffRole(user.role)) {
      // Staff accounts (administrators and coaches, issue 34) are the office's, never a spreadsheet's.
      const kind = isAdminRole(user.role) ? 'an administrator' : 'a coach';
      rowErrors.push({ line: row.line, message: `${row.account.email} is ${kind} account and was not changed` });
    } else toUpdate.push({ row, user });
  }

  const newHashes = new Map<number, string>();
  for (const entry of [...toUpdate]) {
    await turn();
    const { row, user } = entry;
    const hash = await passwords.newHash(row, user.passwordHash);
    if (!hash) continue;
    // As in the office's password change: never for an account that was an administrator in the last 30 days.
    if (wasAdministratorRecently(user, now)) {
      rowErrors.push({ line: row.line, message: `${row.account.email}: ${RECENT_ADMIN_PASSWORD}` });
      toUpdate.splice(toUpdate.indexOf(entry), 1);
      continue;
    }
    newHashes.set(row.line, hash);
  }
  for (const row of toCreate) {
    await turn();
    const hash = await passwords.newHash(row, null);
    if (hash) newHashes.set(row.line, hash);
  }
  const { batches } = input;
  // Issue 31: the plans' weekly sessions as this transaction reads them (Settings → Plans).
  const planLimits = await getBusinessSetting(tx, { key: 'plans' });
  const updates = await updateImportedUsers(tx, { rows: toUpdate, passwordHashes: newHashes, now, batches, planLimits });
  const creates = await createImportedUsers(tx, { accounts: toCreate, passwordHashes: newHashes, email: input.email, now, batches, planLimits });
  for (const row of creates.taken) {
    rowErrors.push({
      line: row.line,
      message: `${row.account.email} was added by someone else during the import and was not changed; import the file again to update it`,
    });
  }

  // Issue 31: each row's phone and second guardian, row by row in a savepoint (a refusal is that row's error).
  const familyOfLine = new Map<number, { familyId: string; accountId: string }>();
  for (const { line, id } of creates.created) familyOfLine.set(line, { familyId: id, accountId: id });
  const updatedLines = new Set(updates.updated);
  for (const { row, user } of toUpdate) {
    if (updatedLines.has(row.line) && hasGuardianImport(row.guardians)) {
      familyOfLine.set(row.line, { familyId: await ensureFamily(tx, user, now), accountId: user.id });
    }
  }
  for (const row of accounts) {
    const target = familyOfLine.get(row.line);
    if (!target || !hasGuardianImport(row.guardians)) continue;
    await turn();
    try {
      // eslint-disable-next-line no-restricted-syntax -- a savepoint inside the unit of work (a refused row leaves nothing)
      await tx.transaction((savepoint) => importGuardians(savepoint, { ...target, fields: row.guardians, actor: input.actor, email: input.email, now }));
    } catch (error) {
      if (!(error instanceof HttpError)) throw error;
      rowErrors.push({ line: row.line, message: `${row.account.email}: ${error.message}` });
    }
  }

  const allErrors = [...prepared.errors, ...rowErrors, ...updates.errors].sort((a, b) => a.line - b.line);
  const rejected = rejectedRowsCsv(prepared.csv, allErrors, [prepared.passwordColumn]);
  return {
    summary: { processed: prepared.processed, created: creates.created.length, updated: updates.updated.length, errors: allErrors.length },
    errors: allErrors.map(formatRowError),
    ...(rejected === null ? {} : { rejectedRowsCsv: rejected }),
  };
}
