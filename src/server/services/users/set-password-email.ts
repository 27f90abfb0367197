import type { Tx } from '../../db/client';
import { emailOutbox, passwordTokens } from '../../db/schema';
import type { EmailContext } from '../../mail/email-context';
import { outboxValues, secretPlaceholder } from '../../mail/outbox';
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
function buildSetPasswordEmail(input: SetPasswordEmailInput): {
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

/** Rows per multi-row INSERT: link rows are small; e-mail bodies are a few kB, so ~1 MB a statement. */
const LINK_BATCH = 500;
const MAIL_BATCH = 200;

/**
 * Issues set-password links and queues their e-mails in the caller's transaction, the rows built by
 * buildSetPasswordEmail and stored a batch at a time (a CSV file may welcome thousands of families in a few
 * statements). Each user's older links stop working first (a user has one working link at a time);
 * `newAccounts` skips that for accounts created in this very transaction, which cannot have any. The unit of
 * work wakes the e-mail worker after the commit.
 */
export async function queueSetPasswordEmails(
  tx: Tx,
  inputs: readonly SetPasswordEmailInput[],
  options: { newAccounts?: boolean } = {},
): Promise<void> {
  if (!options.newAccounts) {
    for (const { user, now } of inputs) await retireSetPasswordTokens(tx, { userId: user.id, now });
  }
  const built = inputs.map((input) => buildSetPasswordEmail(input));
  for (let i = 0; i < built.length; i += LINK_BATCH) {
    await tx.insert(passwordTokens).values(built.slice(i, i + LINK_BATCH).map(({ linkRow }) => linkRow));
  }
  for (let i = 0; i < built.length; i += MAIL_BATCH) {
    await tx.insert(emailOutbox).values(built.slice(i, i + MAIL_BATCH).map(({ outboxRow }) => outboxRow));
  }
}

/** One user's set-password link and e-mail (see queueSetPasswordEmails). */
export async function queueSetPasswordEmail(tx: Tx, input: SetPasswordEmailInput): Promise<void> {
  await queueSetPasswordEmails(tx, [input]);
}
