import { z } from 'zod';

/**
 * What the door may know of a family beyond the booking (issue 31, docs/privacy.md "Who sees it"): a child's
 * 'needs attention' flag with its notes (the notes only when flagged), and each guardian's name and phone. Shown on
 * the session's roster and the check-in screen to the office only; the roster CSV carries the phones and the flag,
 * never the notes. Kept apart from family.ts so that the roster's schemas do not pull in the phone number library.
 */

/** A guardian of the booking's family, as the door may call them: first added first. */
export const doorGuardianDto = z.object({
  name: z.string(),
  /** As the guardian typed it; null when none is recorded. */
  phone: z.string().nullable(),
});
export type DoorGuardian = z.infer<typeof doorGuardianDto>;

/** A booked child's flag: the notes are given only when the family (or the office) marked them as needing attention. */
export const doorChildFlag = {
  needsAttention: z.boolean(),
  /** The child's medical notes when `needsAttention`; null otherwise, whatever is written. */
  medicalNotes: z.string().nullable(),
};
