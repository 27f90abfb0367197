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
