import { createHash, randomBytes } from 'node:crypto';
import { and, asc, eq, gt, isNotNull, isNull, lt, sql } from 'drizzle-orm';
import { generateSecret, generateURI, verify } from 'otplib';
import { RECOVERY_CODE_COUNT, type FactorsResponse, type SecondFactorMethod } from '../../../shared/schemas/second-factor';
import type { DbOrTx, Tx } from '../../db/client';
import { passkeys, pendingSignIns, recoveryCodes, totpFactors, webauthnChallenges } from '../../db/schema';
import { hashSessionToken, newSessionToken } from '../auth/session-token';
import type { SecretBox } from './secret-box';

/*
 * Issue 34, second factors (docs/product-rules.md "Second factors"): what an account signs in with besides its
 * password, the authenticator app's codes, the recovery codes, and the sign-in halfway between the two steps.
 */

/** Whether the account has a passkey or an authenticator app that is on. */
export async function hasSecondFactor(db: DbOrTx, userId: string): Promise<boolean> {
  const result = await db.execute(sql`
    select exists (select 1 from passkeys where user_id = ${userId}::uuid)
        or exists (select 1 from totp_factors where user_id = ${userId}::uuid and confirmed_at is not null) as has`);
  return (result as unknown as { rows: Array<{ has: boolean }> }).rows[0]?.has === true;
}

/** How the account can finish a two-step sign-in: a code (its app's, or a recovery code) and/or a passkey. */
export async function secondFactorMethods(db: DbOrTx, userId: string): Promise<SecondFactorMethod[]> {
  const [app] = await db.select({ on: totpFactors.confirmedAt }).from(totpFactors).where(and(eq(totpFactors.userId, userId), isNotNull(totpFactors.confirmedAt)));
  const [codes] = await db.select({ n: sql<number>`count(*)::int` }).from(recoveryCodes).where(and(eq(recoveryCodes.userId, userId), isNull(recoveryCodes.usedAt)));
  const [key] = await db.select({ id: passkeys.id }).from(passkeys).where(eq(passkeys.userId, userId)).limit(1);
  const methods: SecondFactorMethod[] = [];
  if (app || (codes?.n ?? 0) > 0) methods.push('code');
  if (key) methods.push('passkey');
  return methods;
}

/** GET /api/me/factors. */
export async function listFactors(db: DbOrTx, input: { userId: string; required: boolean }): Promise<FactorsResponse> {
  const keys = await db.select().from(passkeys).where(eq(passkeys.userId, input.userId)).orderBy(asc(passkeys.createdAt));
  const [app] = await db.select({ on: totpFactors.confirmedAt }).from(totpFactors).where(eq(totpFactors.userId, input.userId));
  const [codes] = await db
    .select({ n: sql<number>`count(*)::int` })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.userId, input.userId), isNull(recoveryCodes.usedAt)));
  return {
    passkeys: keys.map((key) => ({ id: key.id, name: key.name, createdAt: key.createdAt.toISOString(), lastUsedAt: key.lastUsedAt?.toISOString() ?? null })),
    authenticator: Boolean(app?.on),
    recoveryCodesLeft: codes?.n ?? 0,
    required: input.required,
  };
}

/** Removes every factor of an account (a SUPER_ADMIN's reset, the create-admin command). */
export async function resetFactors(tx: Tx, userId: string): Promise<void> {
  await tx.delete(passkeys).where(eq(passkeys.userId, userId));
  await tx.delete(totpFactors).where(eq(totpFactors.userId, userId));
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  await tx.delete(pendingSignIns).where(eq(pendingSignIns.userId, userId));
  await tx.delete(webauthnChallenges).where(eq(webauthnChallenges.userId, userId));
}

// --- Recovery codes -------------------------------------------------------------------------------------------------

const BASE32 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ234567';
/** 16 base-32 characters (80 random bits): far beyond guessing, so a plain SHA-256 stores them safely. */
function newRecoveryCode(): string {
  const bytes = randomBytes(16);
  return Array.from(bytes, (byte) => BASE32[byte % 32]).join('');
}
const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');
/** 'ABCDEFGHIJKLMNOP' → 'ABCD-EFGH-IJKL-MNOP', as shown once. */
const shown = (code: string) => code.match(/.{4}/g)!.join('-');

/** Ten new recovery codes in place of any before (shown once; only their hashes are kept). */
export async function newRecoveryCodes(tx: Tx, userId: string): Promise<string[]> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
  const codes = Array.from({ length: RECOVERY_CODE_COUNT }, newRecoveryCode);
  await tx.insert(recoveryCodes).values(codes.map((code) => ({ userId, codeHash: hashCode(code) })));
  return codes.map(shown);
}

export async function deleteRecoveryCodes(tx: Tx, userId: string): Promise<void> {
  await tx.delete(recoveryCodes).where(eq(recoveryCodes.userId, userId));
}

/** Uses one recovery code (normalised: no dashes, upper case): true once, false for an unknown or used one. */
export async function useRecoveryCode(tx: Tx, input: { userId: string; code: string; now: Date }): Promise<boolean> {
  const used = await tx
    .update(recoveryCodes)
    .set({ usedAt: input.now })
    .where(and(eq(recoveryCodes.userId, input.userId), eq(recoveryCodes.codeHash, hashCode(input.code)), isNull(recoveryCodes.usedAt)))
    .returning({ id: recoveryCodes.id });
  return used.length === 1;
}

// --- The authenticator app (TOTP) -----------------------------------------------------------------------------------

/** RFC 6238 with 30-second steps, six digits; the step before and after the current one are accepted too. */
const TOLERANCE_SECONDS = 30;

/** A new secret for the account's app (replacing a set-up not confirmed yet); null when it is on already. */
export async function beginAuthenticator(tx: Tx, input: { userId: string; label: string; issuer: string; box: SecretBox }) {
  const [current] = await tx.select().from(totpFactors).where(eq(totpFactors.userId, input.userId)).for('update');
  if (current?.confirmedAt) return null;
  const secret = generateSecret();
  const sealed = input.box.seal(secret);
  await tx
    .insert(totpFactors)
    .values({ userId: input.userId, secret: sealed })
    .onConflictDoUpdate({ target: totpFactors.userId, set: { secret: sealed, lastTimeStep: null, createdAt: sql`now()` } });
  return { secret, uri: generateURI({ issuer: input.issuer, label: input.label, secret }) };
}

/** Checks `code` against the account's app secret at `now`: the step it matched, or null. */
async function matchingStep(secret: string, code: string, now: Date, after: number | null): Promise<number | null> {
  const result = await verify({
    secret,
    token: code,
    epoch: Math.floor(now.getTime() / 1000),
    epochTolerance: TOLERANCE_SECONDS,
    ...(after !== null && { afterTimeStep: after }),
  });
  return result.valid && 'timeStep' in result ? result.timeStep : null;
}

/** Turns the app on with its first code, and gives ten recovery codes (null: the code was wrong or nothing was set up). */
export async function confirmAuthenticator(tx: Tx, input: { userId: string; code: string; now: Date; box: SecretBox }): Promise<string[] | null> {
  const [factor] = await tx.select().from(totpFactors).where(eq(totpFactors.userId, input.userId)).for('update');
  if (!factor || factor.confirmedAt) return null;
  const step = await matchingStep(input.box.open(factor.secret), input.code, input.now, null);
  if (step === null) return null;
  await tx.update(totpFactors).set({ confirmedAt: input.now, lastTimeStep: step }).where(eq(totpFactors.userId, input.userId));
  return newRecoveryCodes(tx, input.userId);
}

/**
 * A sign-in's code from the app: true when it matches a step later than the last one used (each code once; two
 * requests with the same code cannot both pass: the conditional update decides).
 */
export async function useAuthenticatorCode(tx: Tx, input: { userId: string; code: string; now: Date; box: SecretBox | null }): Promise<boolean> {
  if (!input.box) return false;
  const [factor] = await tx.select().from(totpFactors).where(and(eq(totpFactors.userId, input.userId), isNotNull(totpFactors.confirmedAt)));
  if (!factor) return false;
  const step = await matchingStep(input.box.open(factor.secret), input.code, input.now, factor.lastTimeStep);
  if (step === null) return false;
  const taken = await tx
    .update(totpFactors)
    .set({ lastTimeStep: step })
    .where(and(eq(totpFactors.userId, input.userId), sql`(${totpFactors.lastTimeStep} is null or ${totpFactors.lastTimeStep} < ${step})`))
    .returning({ userId: totpFactors.userId });
  return taken.length === 1;
}

export async function removeAuthenticator(tx: Tx, userId: string): Promise<boolean> {
  const removed = await tx.delete(totpFactors).where(eq(totpFactors.userId, userId)).returning({ userId: totpFactors.userId });
  return removed.length === 1;
}

// --- The sign-in halfway ---------------------------------------------------------------------------------------------

/** Opens a pending sign-in for the account (its token goes into a short-lived cookie); older ones of the account end. */
export async function openPendingSignIn(tx: Tx, input: { userId: string; now: Date; minutes: number }): Promise<{ token: string; expiresAt: Date }> {
  const token = newSessionToken();
  const expiresAt = new Date(input.now.getTime() + input.minutes * 60_000);
  await tx.delete(pendingSignIns).where(and(eq(pendingSignIns.userId, input.userId)));
  await tx.insert(pendingSignIns).values({ tokenHash: hashSessionToken(token), userId: input.userId, createdAt: input.now, expiresAt });
  return { token, expiresAt };
}

/** The live pending sign-in of the cookie, locked for this step; null when unknown, expired or used up. */
export async function findPendingSignIn(tx: Tx, input: { token: string | undefined; now: Date; maxAttempts: number }) {
  if (!input.token || input.token.length > 200) return null;
  const [pending] = await tx
    .select()
    .from(pendingSignIns)
    .where(and(eq(pendingSignIns.tokenHash, hashSessionToken(input.token)), gt(pendingSignIns.expiresAt, input.now), lt(pendingSignIns.attempts, input.maxAttempts)))
    .for('update');
  return pending ?? null;
}

/** A wrong code: counted; the last allowed one ends the pending sign-in. */
export async function countWrongCode(tx: Tx, input: { tokenHash: string; maxAttempts: number }): Promise<void> {
  await tx.update(pendingSignIns).set({ attempts: sql`${pendingSignIns.attempts} + 1` }).where(eq(pendingSignIns.tokenHash, input.tokenHash));
  await tx.delete(pendingSignIns).where(and(eq(pendingSignIns.tokenHash, input.tokenHash), sql`${pendingSignIns.attempts} >= ${input.maxAttempts}`));
}

export async function closePendingSignIn(tx: Tx, tokenHash: string): Promise<void> {
  await tx.delete(pendingSignIns).where(eq(pendingSignIns.tokenHash, tokenHash));
}
