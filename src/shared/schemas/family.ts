import { z } from 'zod';
import { isValidPhoneNumber, parsePhoneNumberFromString } from 'libphonenumber-js/min';
import { email, firstName, lastName } from './person-fields';
import { childBirthDate, childSex } from './child-fields';
import { CHILD_SEXES } from './children';
import { guardianDto } from './users';
import { hasNoControlCharacters, notAllowedCharacters } from './text';

/**
 * The family (issue 31, decision 027): one to four guardians (each an account of their own) sharing the children,
 * bookings, waiting entries and calendar feed; each child's profile (date of birth, sex, medical notes, photo
 * consent); up to three emergency contacts. Read and written by the family's own guardians (GET /api/me/family …)
 * and by the office (the family page); nobody else ever reads any of it (docs/privacy.md).
 */

export const MAX_GUARDIANS = 4;
export const MAX_EMERGENCY_CONTACTS = 3;
export const MEDICAL_NOTES_MAX = 2000;

/** Phones are validated for Canada unless written with a country code (+44 …). */
export const PHONE_DEFAULT_REGION = 'CA' as const;
export const PHONE_INVALID = 'Enter a phone number we can call, such as 416-555-0100 (or +44 20 7946 0958 outside North America)';

/** True when `value` (as typed) is a dialable phone number, Canada being the default region. */
export function isPhone(value: string): boolean {
  return isValidPhoneNumber(value, PHONE_DEFAULT_REGION);
}

/** The `tel:` link of a stored phone (E.164, e.g. tel:+14165550100), or null when it does not read as one. */
export function telHref(value: string | null | undefined): string | null {
  if (!value) return null;
  const parsed = parsePhoneNumberFromString(value, PHONE_DEFAULT_REGION);
  return parsed?.isValid() ? parsed.getURI() : null;
}

/** A phone as typed (kept as typed), checked as a dialable number; blank or null clears it. */
export const phoneInput = z
  .string({ error: PHONE_INVALID })
  .trim()
  .max(40, PHONE_INVALID)
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || isPhone(value), PHONE_INVALID);

/** A phone that must be given (an emergency contact's). */
export const requiredPhone = z
  .string({ error: 'Phone is required' })
  .trim()
  .min(1, 'Phone is required')
  .max(40, PHONE_INVALID)
  .refine(isPhone, PHONE_INVALID);

const shortText = (label: string, max: number) =>
  z
    .string({ error: `${label} is required` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} cannot exceed ${max} characters`)
    .refine(hasNoControlCharacters, notAllowedCharacters(label));

/** A child's photo consent: not asked yet (null), given, or refused. */
export const PHOTO_CONSENTS = ['GIVEN', 'REFUSED'] as const;
export type PhotoConsent = (typeof PHOTO_CONSENTS)[number];

// A guardian's shape lives with the signed-in user's (GET /api/me carries the family's guardians): users.ts.
export { guardianDto, type Guardian } from './users';

export const emergencyContactDto = z.object({
  name: z.string(),
  relationship: z.string(),
  phone: z.string(),
});
export type EmergencyContact = z.infer<typeof emergencyContactDto>;

/** A child's profile on the Family page and the office's family page. */
export const childProfileDto = z.object({
  id: z.string(),
  name: z.string(),
  birthDate: z.string().nullable(),
  sex: z.enum(CHILD_SEXES).nullable(),
  medicalNotes: z.string().nullable(),
  /** The notes need attention (an allergy, an EpiPen): the roster and the door show a flag. */
  needsAttention: z.boolean(),
  photoConsent: z.enum(PHOTO_CONSENTS).nullable(),
});
export type ChildProfile = z.infer<typeof childProfileDto>;

/** GET /api/me/family (and the office's family page's `family` part). */
export const familyResponse = z.object({
  guardians: z.array(guardianDto),
  children: z.array(childProfileDto),
  emergencyContacts: z.array(emergencyContactDto),
});
export type FamilyResponse = z.infer<typeof familyResponse>;

/** PUT /api/me/family/emergency-contacts: the whole list, in order (0–3 contacts). */
export const emergencyContactsBody = z.object({
  contacts: z
    .array(
      z.object({
        name: shortText('Contact name', 100),
        relationship: shortText('Relationship', 50),
        phone: requiredPhone,
      }),
      { error: 'contacts must be a list' },
    )
    .max(MAX_EMERGENCY_CONTACTS, `At most ${MAX_EMERGENCY_CONTACTS} emergency contacts`),
});

/**
 * PATCH /api/me/family/children/:childId: a field left out is kept. A guardian may record a missing date of birth or
 * sex; changing one already recorded is the office's (refused with CHILD_DETAIL_LOCKED).
 */
export const childProfileBody = z.object({
  birthDate: childBirthDate.optional(),
  sex: childSex.optional(),
  medicalNotes: z
    .string({ error: 'Medical notes must be text' })
    .trim()
    .max(MEDICAL_NOTES_MAX, `Medical notes cannot exceed ${MEDICAL_NOTES_MAX} characters`)
    .nullish()
    .transform((value) => (value ? value : null))
    // Outside the transform: left out stays left out (kept), where the transform alone would make it null (cleared).
    .optional(),
  needsAttention: z.boolean({ error: 'needsAttention must be true or false' }).optional(),
  photoConsent: z.enum(PHOTO_CONSENTS, { error: 'Photo consent must be GIVEN or REFUSED' }).nullish(),
});
export type ChildProfileBody = z.input<typeof childProfileBody>;

/** PATCH /api/me/guardian: the signed-in guardian's own phone and e-mail copies. */
export const guardianSelfBody = z.object({
  phone: phoneInput.optional(),
  copyMe: z.boolean({ error: 'copyMe must be true or false' }).optional(),
});

/** POST /api/admin/users/:id/guardians: the office adds a guardian (a set-password link is e-mailed). */
export const addGuardianBody = z.object({
  firstName,
  lastName,
  email,
  phone: phoneInput.optional(),
});

export const CHILD_DETAIL_LOCKED = 'Only the office can change a date of birth or sex that is recorded. Please call us to correct it.';
export const LAST_GUARDIAN = 'A family needs at least one guardian. Add another guardian before removing this one.';
export const TOO_MANY_GUARDIANS = `A family can have at most ${MAX_GUARDIANS} guardians`;

/**
 * The guardian fields a CSV row or a CRM delivery may carry besides the account's (issue 31): the account's own phone,
 * and a second guardian of the family (added with a set-password link when the family has none; the family's second
 * guardian updated otherwise). Each is optional; a blank cell or value is left out.
 */
export const GUARDIAN_IMPORT_FIELDS = [
  { field: 'phone', label: 'Phone' },
  { field: 'guardian2FirstName', label: 'Guardian 2 First Name' },
  { field: 'guardian2LastName', label: 'Guardian 2 Last Name' },
  { field: 'guardian2Email', label: 'Guardian 2 Email' },
  { field: 'guardian2Phone', label: 'Guardian 2 Phone' },
] as const;
export type GuardianImportField = (typeof GUARDIAN_IMPORT_FIELDS)[number]['field'];

/** The fields' checks; a message names no column (the CSV import prefixes the column's label, the CRM the target's). */
export const guardianImportFields = z.object({
  phone: requiredPhone.optional(),
  guardian2FirstName: firstName.optional(),
  guardian2LastName: lastName.optional(),
  guardian2Email: email.optional(),
  guardian2Phone: requiredPhone.optional(),
});
export type GuardianImport = z.output<typeof guardianImportFields>;
export const hasGuardianImport = (fields: GuardianImport) => Object.values(fields).some((value) => value !== undefined);
export const SECOND_GUARDIAN_NEEDS_EMAIL = 'Guardian 2 Email is needed to add a second guardian';
export const SECOND_GUARDIAN_IS_FIRST = "Guardian 2 Email is the account's own email";
