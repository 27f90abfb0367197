import { and, eq, isNotNull, isNull } from 'drizzle-orm';
import { bookingReference } from '../../../shared/product';
import type { UndoCheckInResponse } from '../../../shared/schemas/check-in';
import type { Tx } from '../../db/client';
import { bookingChildren } from '../../db/schema';
import { assertCheckInOpen, bookingChildRow, toCheckInChildDto } from './check-in-rules';
import { lockBookingForDoor } from './check-in-child';

/**
 * Takes back a mistaken tap at the door (issue 22): the child is no longer marked present. On the session's Toronto
 * day, like the check-in itself; undoing a child who is not checked in changes nothing and answers the same.
 */
export async function undoCheckIn(tx: Tx, input: { bookingId: string; childId: string; now: Date }): Promise<UndoCheckInResponse> {
  const { booking, session } = await lockBookingForDoor(tx, input.bookingId);
  assertCheckInOpen(session, input.now);
  const [cleared] = await tx
    .update(bookingChildren)
    .set({ checkedInAt: null, checkedInByAdminId: null, checkedInByName: null })
    .where(
      and(
        eq(bookingChildren.bookingId, booking.id),
        eq(bookingChildren.childId, input.childId),
        isNotNull(bookingChildren.checkedInAt),
        isNull(bookingChildren.cancelledAt),
      ),
    )
    .returning();
  const row = cleared ?? (await bookingChildRow(tx, booking.id, input.childId));
  return { bookingId: booking.id, reference: bookingReference(booking.id), child: toCheckInChildDto(row) };
}
