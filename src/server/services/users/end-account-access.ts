import { eq, sql } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { authSessions, families, users } from '../../db/schema';

/**
 * Ends what an account holds open, in the caller's transaction: every sign-in session and its calendar feed link
 * (issue 29: the link goes as the sessions do). Called wherever an account is switched off or on again (the office's
 * Active switch, a CRM delivery's isActive): an inactive account's cookie and feed are refused at once, and stay
 * dead after a later re-activation (they would otherwise come back to life; the family makes a new link). Calling
 * it when the account is switched on again as well removes a session that a sign-in racing the switch-off wrote
 * after reading the account as active, and the link of an account switched off before links were removed so.
 */
export async function endAccountAccess(tx: Tx, input: { userId: string }): Promise<void> {
  await tx.delete(authSessions).where(eq(authSessions.userId, input.userId));
  // The feed is the family's (issue 31): it ends with the access of the family's last active guardian.
  await tx.execute(sql`
    update ${families} f set calendar_feed_hash = null, calendar_feed_created_at = null
    where f.id = (select u.family_id from ${users} u where u.id = ${input.userId})
      and f.calendar_feed_hash is not null
      and not exists (select 1 from ${users} g where g.family_id = f.id and g.id <> ${input.userId} and g.is_active and g.deleted_at is null)`);
}
