import { isAdminRole } from '../../../shared/rules/roles';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { Tx } from '../../db/client';
import { HttpError } from '../../http-error';
import type { EmailContext } from '../../mail/email-context';
import { queueSetPasswordEmail } from './set-password-email';
import { ADMIN_LINK_SUPER_ADMIN_ONLY, lockUser, SUPER_ADMIN_ONLY, wasAdministratorRecently } from './user-rules';

export interface IssueSetPasswordLinkInput {
  userId: string;
  actor: { id: string; role: string };
  email: EmailContext;
  now: Date;
}

/**
 * The office e-mails a user a fresh set-password link (older links stop working). Any live account, but an
 * administrator's (or an account that was one in the last 30 days) only at a SUPER_ADMIN's request, or their
 * own: an ADMIN can change another account's e-mail address, so a link to another administrator could be a
 * link to the sender.
 * The current password keeps working until the link is used. Runs in the caller's transaction; the unit of
 * work wakes the e-mail worker after the commit.
 */
export async function issueSetPasswordLink(tx: Tx, input: IssueSetPasswordLinkInput): Promise<MessageResponse> {
  const { now } = input;
  const target = await lockUser(tx, input.userId);
  if (input.actor.role !== 'SUPER_ADMIN' && target.id !== input.actor.id) {
    if (target.role === 'SUPER_ADMIN') throw new HttpError(403, SUPER_ADMIN_ONLY);
    if (isAdminRole(target.role) || wasAdministratorRecently(target, now)) throw new HttpError(403, ADMIN_LINK_SUPER_ADMIN_ONLY);
  }
  await queueSetPasswordEmail(tx, { user: target, kind: 'new-link', context: input.email, now });
  return { message: `A link to set the password was sent to ${target.email}` };
}
