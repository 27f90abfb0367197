import { createHash, randomBytes } from 'node:crypto';

export const SESSION_COOKIE = 'nb_session';

/** A fresh 256-bit token for the cookie; only its hash is stored. */
export function newSessionToken(): string {
  return randomBytes(32).toString('base64url');
}

export function hashSessionToken(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}
