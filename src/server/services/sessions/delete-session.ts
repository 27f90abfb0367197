import { eq } from 'drizzle-orm';
import type { MessageResponse } from '../../../shared/schemas/common';
import type { Tx } from '../../db/client';
import { bookings, sessions } from '../../db/schema';
import { HttpError } from '../../http-error';
import { lockSessionWithBookings, plural } from './session-rules';

export interface DeleteSessionInput {
  sessionId: string;
}

/**
 * Spec 5: deletes a session that holds no confirmed booking, with its cancelled bookings (their children
 * rows cascade). A session families are booked into is never deleted: the office cancels it instead, which
 * tells them.
 */
export async function deleteSession(tx: Tx, input: DeleteSessionInput): Promise<MessageResponse> {
  const { session, confirmedBookings } = await lockSessionWithBookings(tx, input.sessionId);
  if (confirmedBookings.length) {
    throw new HttpError(
      409,
      `This session has ${plural(confirmedBookings.length, 'confirmed booking')}. Cancel the session instead to notify the families.`,
    );
  }
  await tx.delete(bookings).where(eq(bookings.sessionId, session.id));
  await tx.delete(sessions).where(eq(sessions.id, session.id));
  return { message: 'Session deleted' };
}
