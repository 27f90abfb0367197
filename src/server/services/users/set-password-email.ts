import type { Tx } from '../../db/client';
import { emailOutbox, passwordTokens } from '../../db/schema';
import type { EmailContext } from '../email/booking-emails';
import { outboxValues, secretPlaceholder } from '../email/outbox';
import { setPasswordEmail, welcomeEmail } from './account-emails';
import { makeSetPasswordToken, retireSetPasswordTokens, setPasswordUrl } from './set-password-token';

/** The outbox secret that holds a set-password link's token until the e-mail is sent. */
export const SET_PASSWORD_TOKEN_SECRET = 'setPasswordToken';

export interface SetPasswordEmailInput {
  user: { id: string; email: string; firstName: string };
  /** 'welcome': a new account without a password; 'new-link': the office's 'send a set-password link'. */
  kind: 'welcome' | 'new-link';
  context: EmailContext;
  now: Date;
}

/**
 * The one builder of every set-password e-mail (the welcome of an account created by the office, a CSV file
 * or a CRM delivery, and the office's 'send a link'): a fresh link token, the token row to store (its hash
 * only) and the outbox row. The stored bodies carry the link with a `{{setPasswordToken}}` placeholder and
 * the token itself sits in the row's secrets, which the e-mail worker fills in at send time and clears once
 * the message is sent: after the send, nothing in the database can open the link. Writes nothing.
 */
export function buildSetPasswordEmail(input: SetPasswordEmailInput): {
  linkRow: typeof passwordTokens.$inferInsert;
  outboxRow: typeof emailOutbox.$inferInsert;
} {
  const { user, context, now } = input;
  const link = makeSetPasswordToken({ userId: user.id, now });
  const compose = input.kind === 'welcome' ? welcomeEmail : setPasswordEmail;
  const message = compose({
    to: user,
    url: setPasswordUrl(context.publicUrl, secretPlaceholder(SET_PASSWORD_TOKEN_SECRET)),
    expiresAt: link.expiresAt,
    context,
  });
  return { linkRow: link.row, outboxRow: outboxValues({ ...message, secrets: { [SET_PASSWORD_TOKEN_SECRET]: link.token } }) };
}

/**
 * Issues a set-password link and queues its e-mail in the caller's transaction: the user's older links stop
 * working (a user has one working link at a time). The caller kicks the e-mail worker after the commit.
 */
export async function queueSetPasswordEmail(tx: Tx, input: SetPasswordEmailInput): Promise<void> {
  await retireSetPasswordTokens(tx, { userId: input.user.id, now: input.now });
  const { linkRow, outboxRow } = buildSetPasswordEmail(input);
  await tx.insert(passwordTokens).values(linkRow);
  await tx.insert(emailOutbox).values(outboxRow);
}
