import { z } from 'zod';
import { isoInstant } from './dates';
import { MAX_OFFICE_NOTE } from './bookings';
import { hasNoControlCharactersExceptLines, notAllowedCharacters } from './text';

/**
 * Issue 32, make-up credits (docs/product-rules.md "Absences, make-ups and closures"): why a child has one — a
 * cancellation before the cut-off, a closure of the day, or the office's grant.
 */
export const MAKEUP_CREDIT_REASONS = ['CANCELLATION', 'CLOSURE', 'OFFICE'] as const;
export type MakeupCreditReason = (typeof MAKEUP_CREDIT_REASONS)[number];

/** A credit a child can use now, as the family and the office read it. */
export const makeupCreditDto = z.object({
  id: z.string(),
  childName: z.string(),
  reason: z.enum(MAKEUP_CREDIT_REASONS),
  createdAt: isoInstant,
  /** The first instant a session can no longer use it (the end of its last Toronto day). */
  expiresAt: isoInstant,
});
export type MakeupCreditDto = z.infer<typeof makeupCreditDto>;

/** The office's note when it grants or removes a credit: required, kept with the action, never shown to the family. */
export const creditNote = z
  .string({ error: 'Add a note saying why' })
  .trim()
  .min(1, 'Add a note saying why')
  .max(MAX_OFFICE_NOTE, `Notes cannot exceed ${MAX_OFFICE_NOTE} characters`)
  .refine(hasNoControlCharactersExceptLines, notAllowedCharacters('Note'));

/** A credit as the office's family page lists it: with the office's note and who granted it (null: the system). */
export const officeMakeupCreditDto = makeupCreditDto.extend({
  note: z.string().nullable(),
  grantedByName: z.string().nullable(),
});
export type OfficeMakeupCreditDto = z.infer<typeof officeMakeupCreditDto>;

/** POST /api/admin/users/:id/makeup-credits: one credit for a child of the family, lasting the policy's days. */
export const grantMakeupCreditBody = z.strictObject(
  {
    childId: z.uuid({ error: 'Choose the child the credit is for' }),
    note: creditNote,
  },
  { error: 'The body must be an object with childId and note' },
);
export type GrantMakeupCreditBody = z.infer<typeof grantMakeupCreditBody>;

/** DELETE /api/admin/users/:id/makeup-credits/:creditId: the office's note is required. */
export const removeMakeupCreditBody = z.strictObject({ note: creditNote }, { error: 'The body must be an object with a note' });
export type RemoveMakeupCreditBody = z.infer<typeof removeMakeupCreditBody>;

export const MAKEUP_CREDIT_USED = 'This credit is already used by a booking. Cancel that booking first, or leave the credit.';
export const MAKEUP_CREDIT_REMOVED = 'Make-up credit removed';
