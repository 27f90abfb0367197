import { and, eq, gt, isNull } from 'drizzle-orm';
import type { DbOrTx } from '../../db/client';
import { passwordTokens, users } from '../../db/schema';
import { HttpError } from '../../http-error';
import { hashLinkToken, SET_PASSWORD_PURPOSE } from './set-password-token';

/** One answer for an unknown, used, expired or orphaned link, so a reply never tells whether a token existed. */
export const LINK_GONE = 'This link has expired or was already used. Please ask our office for a new one.';

/** The 410 of a link that does not work (code LINK_EXPIRED, whichever of those it is). */
export const linkGone = (): HttpError => new HttpError(410, LINK_GONE, { code: 'LINK_EXPIRED' });

export interface CheckSetPasswordLinkInput {
  token: string;
  /** The app's clock. */
  now: Date;
}

/** Whom a working set-password link is for (the page greets them), or 410 when it does not work. */
export async function checkSetPasswordLink(db: DbOrTx, input: CheckSetPasswordLinkInput): Promise<{ firstName: string; email: string }> {
  const [row] = await db
    .select({ firstName: users.firstName, email: users.email })
    .from(passwordTokens)
    .innerJoin(users, eq(users.id, passwordTokens.userId))
    .where(
      and(
        eq(passwordTokens.tokenHash, hashLinkToken(input.token)),
        eq(passwordTokens.purpose, SET_PASSWORD_PURPOSE),
        isNull(passwordTokens.usedAt),
        gt(passwordTokens.expiresAt, input.now),
        isNull(users.deletedAt),
        eq(users.isActive, true),
      ),
    );
  if (!row) throw linkGone();
  return row;
}
