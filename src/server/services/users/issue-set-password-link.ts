import type { MessageResponse } from '../../../shared/schemas/common';
import type { Database } from '../../db/client';
import { HttpError } from '../../http-error';
import type { EmailContext } from '../email/booking-emails';
import { enqueueEmail } from '../email/outbox';
import { setPasswordEmail } from './account-emails';
import { newSetPasswordToken, setPasswordUrl } from './set-password-token';
import { lockUser, SUPER_ADMIN_ONLY } from './user-rules';

export interface IssueSetPasswordLinkInput {
  userId: string;
  actor: { id: string; role: string };
  email: EmailContext;
  now: Date;
}

/**
 * The office e-mails a user a fresh set-password link (older links stop working). Any live account, but a
 * SUPER_ADMIN's only at a SUPER_ADMIN's request. The current password keeps working until the link is used.
 */
export async function issueSetPasswordLink(db: Database, input: IssueSetPasswordLinkInput): Promise<MessageResponse> {
  const { now } = input;
  return db.transaction(async (tx) => {
    const target = await lockUser(tx, input.userId);
    if (target.role === 'SUPER_ADMIN' && input.actor.role !== 'SUPER_ADMIN') throw new HttpError(403, SUPER_ADMIN_ONLY);
    const link = await newSetPasswordToken(tx, { userId: target.id, now });
    await enqueueEmail(
      tx,
      setPasswordEmail({ to: target, url: setPasswordUrl(input.email.publicUrl, link.token), expiresAt: link.expiresAt, context: input.email }),
    );
    return { message: `A link to set the password was sent to ${target.email}` };
  });
}
