import { eq } from 'drizzle-orm';
import type { Tx } from '../../db/client';
import { families, officeActions } from '../../db/schema';
import { lockFamily } from './lock-family';

export interface LiftBookingPauseInput {
  familyId: string;
  note: string;
  actor: { id: string | null; name: string };
  now: Date;
}

export const BOOKING_PAUSE_LIFTED = 'Online booking is open again for this family';

/**
 * Issue 32, the office lifts the no-show rule's pause of a family's online booking (POST
 * /api/admin/users/:id/lift-booking-pause): families.booking_pause_lifted_at becomes `now`, so only no-shows of
 * sessions starting from then on count again (rules/attendance.ts noShowCountStart), and the action LIFT_PAUSE is
 * recorded with the office's note, in the caller's unit of work. Lifting a family that is not paused is allowed (it
 * only moves the instant from which no-shows count).
 */
export async function liftBookingPause(tx: Tx, input: LiftBookingPauseInput): Promise<{ message: string }> {
  await lockFamily(tx, input.familyId);
  await tx.update(families).set({ bookingPauseLiftedAt: input.now, updatedAt: input.now }).where(eq(families.id, input.familyId));
  await tx.insert(officeActions).values({
    familyId: input.familyId,
    adminId: input.actor.id,
    adminName: input.actor.name,
    action: 'LIFT_PAUSE',
    note: input.note,
    details: {},
  });
  return { message: BOOKING_PAUSE_LIFTED };
}
