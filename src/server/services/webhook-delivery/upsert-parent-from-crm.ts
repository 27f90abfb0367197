import { and, desc, eq, isNull, sql } from 'drizzle-orm';
import type { MappedFields } from '../../../shared/rules/field-mapping';
import type { ChildDetailField, ChildSlotField } from '../../../shared/schemas/children';
import type { CreateUserBody } from '../../../shared/schemas/admin-users';
import { CHILD_DETAIL_FIELDS, childSlotFieldAt, slotsToChildren } from '../../../shared/schemas/children';
import { apiRole, DEFAULT_WEEKLY_LIMIT } from '../../../shared/schemas/users';
import { weeklyLimitOfPlan, withPlanLimit } from '../../../shared/rules/plans';
import type { Tx } from '../../db/client';
import { families, users } from '../../db/schema';
import { ensureFamily, familyRowOf, settleFamilyActivity, type FamilyRow } from '../family/family-rows';
import { HttpError } from '../../http-error';
import type { EmailContext } from '../../mail/email-context';
import { createUser, queueWelcomeEmail } from '../users/create-user';
import { endAccountAccess } from '../users/end-account-access';
import { currentChildrenOf } from '../users/user-fields';
import { assertEmailFree, type UserRow } from '../users/user-rules';
import { getBusinessSetting } from '../settings/get-business-setting';
import { writeChildren, type ChildChange } from '../users/write-children';
import { importGuardians } from '../family/import-guardians';
import type { GuardianImport } from '../../../shared/schemas/family';

export const STAFF_ACCOUNT = 'This email belongs to a staff account; webhooks only change parent accounts';
export const OTHER_CRM_CONTACT = 'This email belongs to another CRM contact';
export const STALE_UPDATE = 'Ignored: a newer CRM update was already applied';
export const NO_CHANGES = 'No changes: the account already matches';
export const OLDER_DELIVERY = 'ignored: older than the last delivery';

export interface UpsertParentInput {
  /** The mapped fields of the delivery (mapPayload's data: valid, trimmed, e-mail lower-cased). */
  data: MappedFields;
  email: EmailContext;
  now: Date;
  /** The configuration the delivery came through: it may change isActive only of the accounts it created. */
  webhookId: string;
  /** The delivery's signed instant (X-Webhook-Signature t=): an account ignores deliveries older than its last. */
  signedAt: Date;
  /** When the server received the delivery: the deliveries of one contact are ordered by it (issue 29). */
  receivedAt: Date;
}

/**
 * The delivery's place among the contact's deliveries: when the server received it, and its signed instant capped
 * at that (a CRM clock a little ahead, up to the 60 s verifySignature allows, cannot rank a delivery after the
 * ones the CRM sends next). Signatures count whole seconds, so the cap is the receipt's second: the next delivery,
 * signed in that same second, is not older.
 */
function deliveryMark(input: UpsertParentInput): { crmSignedAt: Date; crmReceivedAt: Date } {
  const receivedSecond = Math.floor(input.receivedAt.getTime() / 1000) * 1000;
  const signed = Math.min(input.signedAt.getTime(), receivedSecond);
  return { crmSignedAt: new Date(signed), crmReceivedAt: input.receivedAt };
}

/**
 * Whether a delivery comes before the last one applied to the account: received before it (it waited for the
 * contact's lock behind a later one), or signed before its (capped) signed instant (a replay).
 */
function olderThanLastApplied(family: FamilyRow, input: UpsertParentInput): boolean {
  const mark = deliveryMark(input);
  if (family.crmReceivedAt && mark.crmReceivedAt.getTime() < family.crmReceivedAt.getTime()) return true;
  return family.crmSignedAt !== null && mark.crmSignedAt.getTime() < family.crmSignedAt.getTime();
}

export interface UpsertParentResult {
  action: 'created' | 'updated' | 'unchanged';
  userId: string;
  message: string;
}

const missing = (fields: string[]) => {
  const message = `Missing required fields: ${fields.join(', ')}`;
  return new HttpError(422, message, { code: 'VALIDATION_FAILED', details: { errors: [message] } });
};

/** Who a CRM delivery's guardian changes are recorded as (the family page's actions). */
const CRM_ACTOR = { id: null, name: 'CRM' } as const;
/** The delivery's guardian fields (issue 31): the account's phone and the family's second guardian. */
const guardianFieldsOf = (data: MappedFields): GuardianImport => ({
  phone: data.phone,
  guardian2FirstName: data.guardian2FirstName,
  guardian2LastName: data.guardian2LastName,
  guardian2Email: data.guardian2Email,
  guardian2Phone: data.guardian2Phone,
});

const lockKey = (key: string) => sql`select pg_advisory_xact_lock(hashtextextended(${key}, 0))`;

/**
 * Serialises every delivery about one family: first the CRM contact, then the e-mail address (the key
 * assertEmailFree uses, so an office create or edit of that address waits too). Always in that order, so
 * two deliveries sharing one identity queue instead of deadlocking. The lookup that follows runs after
 * the wait, so under READ COMMITTED it sees what the earlier delivery committed: twenty copies of one
 * delivery make one account, not twenty (or a unique-index error).
 */
async function lockIdentity(tx: Tx, data: MappedFields): Promise<void> {
  if (data.crmUserId) await tx.execute(lockKey(`crm-user:${data.crmUserId}`));
  if (data.email) await tx.execute(lockKey(`user-email:${data.email.toLowerCase()}`));
}

/**
 * The live account this delivery is about, locked: by CRM contact first (the family's; its account is the family's
 * first live guardian, decision 027), else by e-mail (without case).
 */
async function findAccount(tx: Tx, data: MappedFields): Promise<{ user: UserRow; by: 'crmUserId' | 'email' } | null> {
  if (data.crmUserId) {
    const [user] = await tx
      .select({ user: users })
      .from(families)
      .innerJoin(users, and(eq(users.familyId, families.id), isNull(users.deletedAt)))
      .where(and(eq(families.crmUserId, data.crmUserId), isNull(families.deletedAt)))
      // The family's first guardian: the account whose id is the family's (decision 027), else the earliest live one.
      .orderBy(desc(sql`${users.id} = ${families.id}`), users.createdAt, users.id)
      .limit(1)
      .for('no key update', { of: users });
    if (user) return { user: user.user, by: 'crmUserId' };
  }
  if (data.email) {
    const [user] = await tx
      .select()
      .from(users)
      .where(and(eq(sql`lower(${users.email})`, data.email.toLowerCase()), isNull(users.deletedAt)))
      .for('no key update');
    if (user) return { user, by: 'email' };
  }
  return null;
}

/**
 * The children a delivery describes (slotsToChildren: one entry per slot it gives a field of): names, limits, and
 * (issue 22) dates of birth and sexes. A CRM never removes a child (no null name) nor clears a recorded date of birth
 * or sex (a blank value is left out of the mapped data).
 */
const childrenOf = (data: MappedFields) => slotsToChildren(data);

/**
 * Issue 31: a delivery that sets the family's plan gives each child the plan's weekly sessions (Settings → Plans),
 * unless it maps a limit for that child (withPlanLimit: a new plan reaches every child, the same plan again only a
 * child it adds). Without a plan in the delivery the children are as it describes them.
 */
async function childrenWithPlan(tx: Tx, data: MappedFields, family: { planTier: FamilyRow['planTier']; children: readonly number[] } | null): Promise<ChildChange[]> {
  const wanted = childrenOf(data);
  if (data.planTier === undefined) return wanted;
  const limit = weeklyLimitOfPlan(data.planTier, await getBusinessSetting(tx, { key: 'plans' }));
  return withPlanLimit(wanted, { limit, current: family?.children ?? [], planChanged: !family || family.planTier !== data.planTier });
}
/** The details of a child the delivery adds: none recorded yet. */
const NOTHING_RECORDED = Object.fromEntries(CHILD_DETAIL_FIELDS.map((field) => [field, null])) as Record<ChildDetailField, null>;

async function createParent(tx: Tx, input: UpsertParentInput): Promise<UpsertParentResult> {
  const { data, now } = input;
  const absent = (['email', 'firstName', 'lastName'] as const).filter((field) => data[field] === undefined);
  if (absent.length) throw missing(absent);
  const form: Omit<CreateUserBody, ChildSlotField> = {
    email: data.email!,
    firstName: data.firstName!,
    lastName: data.lastName!,
    password: data.password ?? null,
    role: 'PARENT',
    planTier: data.planTier ?? 'ONE',
    weeklyLimit: data.weeklyLimit ?? DEFAULT_WEEKLY_LIMIT,
  };
  // createUser queues the welcome e-mail with a set-password link when no password was mapped, unless the
  // account starts inactive (the link could not be used): then it goes out when the CRM activates it.
  const children = await childrenWithPlan(tx, data, null);
  const user = await createUser(tx, { form, children, email: input.email, now, sendWelcome: data.isActive !== false });
  const crmFields: Partial<typeof families.$inferInsert> = { createdByWebhookId: input.webhookId, ...deliveryMark(input) };
  if (data.crmUserId !== undefined) crmFields.crmUserId = data.crmUserId;
  if (data.updatedAt !== undefined) crmFields.crmUpdatedAt = new Date(data.updatedAt);
  if (data.notes !== undefined) crmFields.notes = data.notes;
  await tx.update(families).set(crmFields).where(eq(families.id, user.familyId!));
  if (data.isActive !== undefined) {
    await tx.update(users).set({ isActive: data.isActive }).where(eq(users.id, user.id));
    await settleFamilyActivity(tx, user.familyId!, now);
  }
  await importGuardians(tx, { familyId: user.familyId!, accountId: user.id, fields: guardianFieldsOf(data), actor: CRM_ACTOR, email: input.email, now });
  return { action: 'created', userId: user.id, message: 'Parent account created' };
}

async function updateParent(tx: Tx, user: UserRow, family: FamilyRow, input: UpsertParentInput): Promise<UpsertParentResult> {
  const { data, now } = input;
  const set: Partial<typeof users.$inferInsert> = {};
  const familySet: Partial<typeof families.$inferInsert> = {};
  const changed: string[] = [];
  const change = <K extends keyof typeof users.$inferInsert>(field: K, value: (typeof users.$inferInsert)[K], name: string = field) => {
    set[field] = value;
    changed.push(name);
  };
  // The plan, notes and CRM identity are the family's (decision 027).
  const changeFamily = <K extends keyof typeof families.$inferInsert>(field: K, value: (typeof families.$inferInsert)[K], name: string = field) => {
    familySet[field] = value;
    changed.push(name);
  };

  if (data.firstName !== undefined && data.firstName !== user.firstName) change('firstName', data.firstName);
  if (data.lastName !== undefined && data.lastName !== user.lastName) change('lastName', data.lastName);
  if (data.email !== undefined && data.email !== user.email.toLowerCase()) {
    await assertEmailFree(tx, data.email, user.id);
    change('email', data.email);
  }
  if (data.planTier !== undefined && data.planTier !== family.planTier) changeFamily('planTier', data.planTier);
  if (data.weeklyLimit !== undefined && data.weeklyLimit !== family.weeklyLimit) changeFamily('weeklyLimit', data.weeklyLimit);
  // Only the configuration that created the family may switch it on or off (no CRM locks out another's family).
  const mayChangeActive = family.createdByWebhookId === input.webhookId;
  if (mayChangeActive && data.isActive !== undefined && data.isActive !== user.isActive) change('isActive', data.isActive);
  if (data.notes !== undefined && data.notes !== family.notes) changeFamily('notes', data.notes);
  if (data.crmUserId !== undefined && data.crmUserId !== family.crmUserId) changeFamily('crmUserId', data.crmUserId);
  if (data.updatedAt !== undefined && new Date(data.updatedAt).getTime() !== family.crmUpdatedAt?.getTime()) {
    changeFamily('crmUpdatedAt', new Date(data.updatedAt));
  }
  // A mapped password is used only when the delivery creates the account: never set or changed on an existing
  // one, not even one still waiting for its first password (an office-created family would be taken over).

  const current = (await currentChildrenOf(tx, [family.id])).get(family.id) ?? [];
  const wanted = await childrenWithPlan(tx, data, { planTier: family.planTier, children: current.map((child) => child.position) });
  const childFieldsChanged: string[] = [];
  for (const child of wanted) {
    const existing = current.find((row) => row.position === child.position);
    const field = (name: Parameters<typeof childSlotFieldAt>[1]) => childSlotFieldAt(child.position, name);
    if (child.name !== undefined && child.name !== existing?.name) childFieldsChanged.push(field('name'));
    // A limit for a slot without a child (and without a name to add one) has nothing to change.
    const limitChanges = existing
      ? child.weeklyLimit !== undefined && child.weeklyLimit !== existing.weeklyLimit
      : child.name !== undefined && child.weeklyLimit !== undefined;
    if (limitChanges) childFieldsChanged.push(field('weeklyLimit'));
    // Issue 22: a date of birth or sex (each detail) for the child in the slot (or for the one the delivery adds there).
    const recorded = existing ?? (child.name !== undefined ? NOTHING_RECORDED : undefined);
    for (const detail of recorded ? CHILD_DETAIL_FIELDS : []) {
      if (child[detail] !== undefined && child[detail] !== recorded![detail]) childFieldsChanged.push(field(detail));
    }
  }

  // The mark moves forward with every delivery applied, unchanged ones signed later included, so an older replay
  // arriving later is recognised even when the newest delivery changed nothing. A repeat of the last delivery
  // (signed at the same instant, nothing to change) writes nothing. The receipt time only grows (deliveries
  // received earlier were ignored above); the signed instant never goes back.
  // Issue 31: the account's phone and the family's second guardian (a refusal, such as a second guardian's e-mail
  // another account holds, refuses the delivery: nothing of it is applied).
  changed.push(...(await importGuardians(tx, { familyId: family.id, accountId: user.id, fields: guardianFieldsOf(data), actor: CRM_ACTOR, email: input.email, now })));

  const mark = deliveryMark(input);
  const signedLater = !family.crmSignedAt || mark.crmSignedAt.getTime() > family.crmSignedAt.getTime();
  const marks = { crmReceivedAt: mark.crmReceivedAt, ...(signedLater && { crmSignedAt: mark.crmSignedAt }) };
  if (!changed.length && !childFieldsChanged.length) {
    if (signedLater) await tx.update(families).set(marks).where(eq(families.id, family.id));
    return { action: 'unchanged', userId: user.id, message: NO_CHANGES };
  }
  if (Object.keys(set).length) await tx.update(users).set({ ...set, updatedAt: now }).where(eq(users.id, user.id));
  await tx
    .update(families)
    .set({ ...familySet, ...marks, updatedAt: now })
    .where(eq(families.id, family.id));
  // A deactivated account is signed out everywhere (and the family's last active guardian takes the calendar feed
  // link with it), in this transaction: switching it on later must not bring an old sign-in or link back.
  if (set.isActive !== undefined) {
    await endAccountAccess(tx, { userId: user.id });
    await settleFamilyActivity(tx, family.id, now);
  }
  // writeChildren only updates limits: a child's existing bookings stay even when the new limit is lower.
  if (childFieldsChanged.length) await writeChildren(tx, { familyId: family.id, children: wanted, now });
  // Activated by the CRM and still without a password (it was created inactive): the welcome goes out now.
  if (set.isActive === true && user.passwordHash === null) {
    await queueWelcomeEmail(tx, { user: { ...user, ...set } as UserRow, email: input.email, now });
  }
  return {
    action: 'updated',
    userId: user.id,
    message: `Parent account updated: ${[...changed, ...childFieldsChanged].join(', ')}`,
  };
}

/**
 * Creates or updates the PARENT account a CRM delivery describes, inside the caller's transaction (its unit
 * of work wakes the e-mail worker after the commit when a welcome was queued). The account is found by CRM contact id, else by
 * e-mail; staff accounts are never touched (409), nor is an e-mail that another CRM contact already holds
 * (409). A delivery received before the last one applied to the account, signed before it (its signed instant
 * capped at its receipt), or older by the CRM's updatedAt, changes nothing. Only fields present in the mapping and different from what is stored change
 * (isActive only on an account this configuration created; a password only on creation).
 */
export async function upsertParentFromCrm(tx: Tx, input: UpsertParentInput): Promise<UpsertParentResult> {
  const { data } = input;
  if (!data.crmUserId && !data.email) throw missing(['email']);
  await lockIdentity(tx, data);
  const match = await findAccount(tx, data);
  if (!match) return createParent(tx, input);

  const { user, by } = match;
  if (apiRole(user.role) !== 'PARENT') throw new HttpError(409, STAFF_ACCOUNT);
  // A parent account without a family (an administrator demoted to parent) gets one now.
  const familyId = await ensureFamily(tx, user, input.now);
  const family = (await familyRowOf(tx, familyId))!;
  if (by === 'email' && family.crmUserId !== null && data.crmUserId !== undefined && family.crmUserId !== data.crmUserId) {
    throw new HttpError(409, OTHER_CRM_CONTACT);
  }
  if (olderThanLastApplied(family, input)) {
    return { action: 'unchanged', userId: user.id, message: OLDER_DELIVERY };
  }
  if (data.updatedAt !== undefined && family.crmUpdatedAt && new Date(data.updatedAt).getTime() < family.crmUpdatedAt.getTime()) {
    return { action: 'unchanged', userId: user.id, message: STALE_UPDATE };
  }
  return updateParent(tx, { ...user, familyId }, family, input);
}
