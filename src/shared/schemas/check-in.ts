import { z } from 'zod';
import { parseBookingReference, REFERENCE_EXAMPLE } from '../rules/booking-reference';
import { BOOKED_BY } from './bookings';
import { isoInstant } from './dates';
import { doorChildFlag, doorGuardianDto } from './door';

/** The message of a reference that cannot be one (the field is named before it: 'reference: …'). */
export const MALFORMED_REFERENCE = `Enter a booking reference like ${REFERENCE_EXAMPLE} (NB- and 8 letters or digits)`;

/** A booking reference as typed or scanned: 'NB-1A2B3C4D', '1a2b3c4d', with or without spaces. */
export const bookingReferenceField = z
  .string({ error: 'Enter a booking reference' })
  .max(40, MALFORMED_REFERENCE)
  .refine((text) => parseBookingReference(text) !== null, MALFORMED_REFERENCE);

/** POST /api/admin/check-in/lookup (issue 22): find a booking at the door of one session. */
export const checkInLookupBody = z.object({
  sessionId: z.uuid({ error: 'sessionId must be a session id' }),
  reference: bookingReferenceField,
});
export type CheckInLookupBody = z.infer<typeof checkInLookupBody>;

/** One child of a booking at the door: present since `checkedInAt` (checked in by `checkedInBy`), or not yet (nulls). */
export const checkInChildDto = z.object({
  childId: z.string(),
  childName: z.string(),
  checkedInAt: isoInstant.nullable(),
  /** The administrator who checked the child in (the name as it read then). */
  checkedInBy: z.string().nullable(),
});
export type CheckInChildDto = z.infer<typeof checkInChildDto>;

/** A child as the look-up finds it (issue 31): with the 'needs attention' flag, and its notes only when flagged. */
export const lookupChildDto = checkInChildDto.extend(doorChildFlag);
export type LookupChildDto = z.infer<typeof lookupChildDto>;

export const checkInLookupResponse = z.object({
  booking: z.object({
    id: z.string(),
    reference: z.string(),
    sessionId: z.string(),
    familyName: z.string(),
    email: z.string(),
    bookedBy: z.enum(BOOKED_BY),
    /** Issue 31: the family's guardians (live accounts), first added first, with their phones. */
    guardians: z.array(doorGuardianDto),
  }),
  children: z.array(lookupChildDto),
});
export type CheckInLookupResponse = z.infer<typeof checkInLookupResponse>;

/** POST /api/admin/check-in and POST /api/admin/check-in/undo: one child of one booking. */
/** Issue 34: a tap made offline is sent later; the server keeps the tap's own time if it is recent (DOOR_TAP_MAX_AGE_HOURS). */
export const DOOR_TAP_MAX_AGE_HOURS = 12;

export const checkInBody = z.object({
  bookingId: z.uuid({ error: 'bookingId must be a booking id' }),
  childId: z.uuid({ error: 'childId must be a child id' }),
  /** When the tap was made, for a tap queued on a device without network (issue 34); absent: now. */
  tappedAt: z.iso.datetime({ offset: true, error: 'tappedAt must be an ISO date-time' }).optional(),
});
export type CheckInBody = z.infer<typeof checkInBody>;

export const checkInResponse = z.object({
  bookingId: z.string(),
  reference: z.string(),
  child: checkInChildDto,
  /** True when the child was already present (a second tap, another administrator): the first record is kept. */
  alreadyCheckedIn: z.boolean(),
});
export type CheckInResponse = z.infer<typeof checkInResponse>;

export const undoCheckInResponse = z.object({
  bookingId: z.string(),
  reference: z.string(),
  child: checkInChildDto,
});
export type UndoCheckInResponse = z.infer<typeof undoCheckInResponse>;
