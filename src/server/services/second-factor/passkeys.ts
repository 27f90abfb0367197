import { and, asc, count, eq, sql } from 'drizzle-orm';
import {
  generateAuthenticationOptions,
  generateRegistrationOptions,
  verifyAuthenticationResponse,
  verifyRegistrationResponse,
  type AuthenticationResponseJSON,
  type AuthenticatorTransport,
  type PublicKeyCredentialCreationOptionsJSON,
  type PublicKeyCredentialRequestOptionsJSON,
  type RegistrationResponseJSON,
} from '@simplewebauthn/server';
import { MAX_PASSKEYS, type PasskeyDto } from '../../../shared/schemas/second-factor';
import type { Tx } from '../../db/client';
import { passkeys, users, webauthnChallenges } from '../../db/schema';
import { hashSessionToken, newSessionToken } from '../auth/session-token';

/**
 * Issue 34, passkeys (WebAuthn, with @simplewebauthn/server): adding one to the signed-in account, and signing in with
 * one — on its own (a discoverable credential: the browser offers the account's passkey) or as a staff member's second
 * step. Each ceremony's challenge is stored and used once; its token travels in a short-lived HttpOnly cookie.
 */

/** The site the passkeys belong to: the request's own origin and host name (the address the person typed). */
export interface RelyingParty {
  rpID: string;
  origin: string;
  rpName: string;
}

/** A challenge lives this long (the browser's prompt included). */
export const CHALLENGE_MINUTES = 5;
const TIMEOUT_MS = 120_000;

type Purpose = 'REGISTER' | 'SIGN_IN';

async function saveChallenge(tx: Tx, input: { challenge: string; purpose: Purpose; userId: string | null; now: Date }): Promise<string> {
  const token = newSessionToken();
  await tx.delete(webauthnChallenges).where(sql`${webauthnChallenges.expiresAt} < ${input.now.toISOString()}::timestamptz`);
  await tx.insert(webauthnChallenges).values({
    tokenHash: hashSessionToken(token),
    challenge: input.challenge,
    purpose: input.purpose,
    userId: input.userId,
    expiresAt: new Date(input.now.getTime() + CHALLENGE_MINUTES * 60_000),
  });
  return token;
}

/** The challenge of the cookie's token, deleted as it is read (used once); null when unknown, expired or another ceremony's. */
async function takeChallenge(tx: Tx, input: { token: string | undefined; purpose: Purpose; now: Date }) {
  if (!input.token || input.token.length > 200) return null;
  const [row] = await tx
    .delete(webauthnChallenges)
    .where(and(eq(webauthnChallenges.tokenHash, hashSessionToken(input.token)), eq(webauthnChallenges.purpose, input.purpose)))
    .returning();
  return row && row.expiresAt > input.now ? row : null;
}

const transportsOf = (values: readonly string[]) => values as AuthenticatorTransport[];

export const toPasskeyDto = (row: typeof passkeys.$inferSelect): PasskeyDto => ({
  id: row.id,
  name: row.name,
  createdAt: row.createdAt.toISOString(),
  lastUsedAt: row.lastUsedAt?.toISOString() ?? null,
});

/** Options for the browser to make a passkey for the account (its existing ones excluded), and the challenge's token. */
export async function passkeyRegistrationOptions(
  tx: Tx,
  input: { user: { id: string; email: string; firstName: string; lastName: string }; rp: RelyingParty; now: Date },
): Promise<{ options: PublicKeyCredentialCreationOptionsJSON; token: string } | { tooMany: true }> {
  const existing = await tx.select().from(passkeys).where(eq(passkeys.userId, input.user.id));
  if (existing.length >= MAX_PASSKEYS) return { tooMany: true };
  const options = await generateRegistrationOptions({
    rpName: input.rp.rpName,
    rpID: input.rp.rpID,
    userID: new TextEncoder().encode(input.user.id),
    userName: input.user.email,
    userDisplayName: `${input.user.firstName} ${input.user.lastName}`.trim(),
    attestationType: 'none',
    timeout: TIMEOUT_MS,
    excludeCredentials: existing.map((key) => ({ id: key.id, transports: transportsOf(key.transports) })),
    authenticatorSelection: { residentKey: 'required', userVerification: 'preferred' },
  });
  const token = await saveChallenge(tx, { challenge: options.challenge, purpose: 'REGISTER', userId: input.user.id, now: input.now });
  return { options, token };
}

/** Verifies the browser's new passkey and keeps it; null when it does not verify (or the challenge is gone). */
export async function addPasskey(
  tx: Tx,
  input: { userId: string; token: string | undefined; response: RegistrationResponseJSON; name: string; rp: RelyingParty; now: Date },
): Promise<PasskeyDto | null> {
  const challenge = await takeChallenge(tx, { token: input.token, purpose: 'REGISTER', now: input.now });
  if (!challenge || challenge.userId !== input.userId) return null;
  const verification = await verifyRegistrationResponse({
    response: input.response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: input.rp.origin,
    expectedRPID: input.rp.rpID,
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return null;
  const { credential } = verification.registrationInfo;
  const [{ value: held } = { value: 0 }] = await tx.select({ value: count() }).from(passkeys).where(eq(passkeys.userId, input.userId));
  if (held >= MAX_PASSKEYS) return null;
  const [row] = await tx
    .insert(passkeys)
    .values({
      id: credential.id,
      userId: input.userId,
      publicKey: Buffer.from(credential.publicKey).toString('base64url'),
      counter: credential.counter,
      transports: credential.transports ?? [],
      name: input.name,
      createdAt: input.now,
    })
    .onConflictDoNothing()
    .returning();
  return row ? toPasskeyDto(row) : null;
}

/**
 * Options to sign in with a passkey: any of the site's (the browser offers those it holds), or only the account's when
 * it is a second step; and the challenge's token.
 */
export async function passkeySignInOptions(
  tx: Tx,
  input: { rp: RelyingParty; userId: string | null; now: Date },
): Promise<{ options: PublicKeyCredentialRequestOptionsJSON; token: string }> {
  const allowed = input.userId ? await tx.select().from(passkeys).where(eq(passkeys.userId, input.userId)) : [];
  const options = await generateAuthenticationOptions({
    rpID: input.rp.rpID,
    timeout: TIMEOUT_MS,
    userVerification: 'preferred',
    allowCredentials: allowed.map((key) => ({ id: key.id, transports: transportsOf(key.transports) })),
  });
  const token = await saveChallenge(tx, { challenge: options.challenge, purpose: 'SIGN_IN', userId: input.userId, now: input.now });
  return { options, token };
}

/**
 * The account a passkey signs in (its counter and last use updated), or null: unknown passkey, a used or expired
 * challenge, a signature that does not verify, a counter gone backwards (a cloned authenticator), an inactive or
 * deleted account, or — at a second step — a passkey of another account than the one whose password was given.
 */
export async function verifyPasskeySignIn(
  tx: Tx,
  input: { token: string | undefined; response: AuthenticationResponseJSON; rp: RelyingParty; now: Date; onlyUserId: string | null },
): Promise<typeof users.$inferSelect | null> {
  const challenge = await takeChallenge(tx, { token: input.token, purpose: 'SIGN_IN', now: input.now });
  if (!challenge) return null;
  const [key] = await tx.select().from(passkeys).where(eq(passkeys.id, input.response.id)).for('update');
  if (!key || (input.onlyUserId && key.userId !== input.onlyUserId) || (challenge.userId && challenge.userId !== key.userId)) return null;
  const verification = await verifyAuthenticationResponse({
    response: input.response,
    expectedChallenge: challenge.challenge,
    expectedOrigin: input.rp.origin,
    expectedRPID: input.rp.rpID,
    credential: { id: key.id, publicKey: new Uint8Array(Buffer.from(key.publicKey, 'base64url')), counter: key.counter, transports: key.transports },
    requireUserVerification: false,
  }).catch(() => null);
  if (!verification?.verified) return null;
  await tx.update(passkeys).set({ counter: verification.authenticationInfo.newCounter, lastUsedAt: input.now }).where(eq(passkeys.id, key.id));
  const [user] = await tx.select().from(users).where(and(eq(users.id, key.userId), eq(users.isActive, true), sql`${users.deletedAt} is null`));
  return user ?? null;
}

export async function listPasskeys(tx: Tx, userId: string): Promise<PasskeyDto[]> {
  return (await tx.select().from(passkeys).where(eq(passkeys.userId, userId)).orderBy(asc(passkeys.createdAt))).map(toPasskeyDto);
}

export async function removePasskey(tx: Tx, input: { userId: string; id: string }): Promise<boolean> {
  const removed = await tx.delete(passkeys).where(and(eq(passkeys.userId, input.userId), eq(passkeys.id, input.id))).returning({ id: passkeys.id });
  return removed.length === 1;
}
