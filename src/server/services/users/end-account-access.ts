import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { authSessions } from '../../db/schema';

/**
 * Ends every sign-in session of the user, in the caller's transaction. Called wherever an account is switched
 * off (the office's Active switch; a CRM delivery with isActive false should too): an inactive account's
 * cookie is refused at once, and stays dead after a later re-activation (it would otherwise come back to
 * life). Calling it when the account is switched on again as well removes a session that a sign-in racing
 * the switch-off wrote after reading the account as active.
 */
export async function endUserSessions(tx: Tx, input: { userId: string }): Promise<void> {
  await tx.delete(authSessions).where(eq(authSessions.userId, input.userId));
}
