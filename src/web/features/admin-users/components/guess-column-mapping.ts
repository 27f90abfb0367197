import { CHILD_SLOTS, childSlotField } from '../../../../shared/schemas/children';
import {
  IMPORT_FIELDS,
  missingRequiredImportFields,
  type ImportField,
  type ImportMapping,
} from '../../../../shared/schemas/admin-users';

/** Account field → CSV column header, for the fields that are mapped (the others are not imported). */
export type { ImportMapping };

/**
 * A header reduced to what names it: lower case letters and digits only, so 'E-mail', 'e_mail' and
 * ' E Mail ' all read 'email', and 'Child 1 Name' and 'child1_name' both read 'child1name'.
 */
export function normalizeHeader(header: string): string {
  return header
    .normalize('NFKD')
    .toLowerCase()
    .replace(/[^a-z0-9]/g, '');
}

const ORDINALS = ['first', 'second', 'third', 'fourth'] as const;

/** The names each account field is known by in spreadsheets, normalized, best first. */
function aliasesOf(): Record<ImportField, string[]> {
  const aliases: Partial<Record<ImportField, string[]>> = {
    email: ['email', 'emailaddress', 'mail', 'parentemail', 'parentemailaddress', 'guardianemail', 'contactemail', 'emailid'],
    firstName: ['firstname', 'first', 'givenname', 'fname', 'forename', 'parentfirstname', 'guardianfirstname', 'contactfirstname'],
    lastName: ['lastname', 'last', 'surname', 'familyname', 'lname', 'parentlastname', 'guardianlastname', 'contactlastname'],
    password: ['password', 'pass', 'passwd', 'pwd', 'temporarypassword', 'temppassword', 'initialpassword'],
    planTier: ['plantier', 'plan', 'tier', 'planname', 'membershipplan', 'membershiptier', 'membership'],
    weeklyLimit: ['weeklylimit', 'weeklysessions', 'sessionsperweek', 'weeklysessionlimit', 'sessionlimit', 'limit', 'weekly'],
    // Issue 31: the account's phone and a second guardian.
    phone: ['phone', 'phonenumber', 'mobile', 'cell', 'cellphone', 'telephone', 'parentphone', 'guardianphone', 'contactphone'],
    guardian2FirstName: ['guardian2firstname', 'parent2firstname', 'secondguardianfirstname', 'secondparentfirstname'],
    guardian2LastName: ['guardian2lastname', 'parent2lastname', 'secondguardianlastname', 'secondparentlastname'],
    guardian2Email: ['guardian2email', 'parent2email', 'secondguardianemail', 'secondparentemail', 'guardian2emailaddress'],
    guardian2Phone: ['guardian2phone', 'parent2phone', 'secondguardianphone', 'secondparentphone'],
  };
  CHILD_SLOTS.forEach((slot, index) => {
    const n = index + 1;
    const word = ORDINALS[index];
    const only = n === 1;
    aliases[childSlotField(slot, 'name')] = [
      `child${n}name`,
      `child${n}`,
      `childname${n}`,
      `${word}childname`,
      `${word}child`,
      `kid${n}name`,
      `kid${n}`,
      `${word}kid`,
      `athlete${n}`,
      `athlete${n}name`,
      ...(only ? ['childname', 'child', 'kidname', 'kid', 'athletename', 'athlete'] : []),
    ];
    aliases[childSlotField(slot, 'weeklyLimit')] = [
      `child${n}weeklylimit`,
      `child${n}limit`,
      `child${n}weeklysessions`,
      `child${n}sessionsperweek`,
      `child${n}weeklysessionlimit`,
      `child${n}sessions`,
      `childweeklylimit${n}`,
      `childlimit${n}`,
      `${word}childweeklylimit`,
      `${word}childlimit`,
      `${word}childweeklysessions`,
      `${word}childsessions`,
      `kid${n}limit`,
      `kid${n}weeklylimit`,
      ...(only ? ['childweeklylimit', 'childlimit', 'childweeklysessions', 'childsessions'] : []),
    ];
    // Issue 22: the child's date of birth and sex.
    aliases[childSlotField(slot, 'birthDate')] = [
      `child${n}dateofbirth`,
      `child${n}birthdate`,
      `child${n}dob`,
      `child${n}birthday`,
      `${word}childdateofbirth`,
      `${word}childbirthdate`,
      `${word}childdob`,
      `kid${n}dob`,
      `athlete${n}dob`,
      ...(only ? ['childdateofbirth', 'childbirthdate', 'childdob', 'childbirthday'] : []),
    ];
    aliases[childSlotField(slot, 'sex')] = [
      `child${n}sex`,
      `child${n}gender`,
      `${word}childsex`,
      `${word}childgender`,
      `kid${n}sex`,
      `kid${n}gender`,
      `athlete${n}sex`,
      `athlete${n}gender`,
      ...(only ? ['childsex', 'childgender'] : []),
    ];
  });
  // A column named exactly like the field or its label ('firstChildName', 'Child 1 Name') always matches.
  for (const { field, label } of IMPORT_FIELDS) {
    aliases[field] = [...new Set([normalizeHeader(field), normalizeHeader(label), ...(aliases[field] ?? [])])];
  }
  return aliases as Record<ImportField, string[]>;
}

const ALIASES = aliasesOf();

/** Last resort for the three required fields: a header that contains one of these (and is not about a child). */
const REQUIRED_FALLBACK: Partial<Record<ImportField, string[]>> = {
  email: ['email'],
  firstName: ['firstname', 'givenname'],
  lastName: ['lastname', 'surname', 'familyname'],
};
const ABOUT_A_CHILD = /child|kid|athlete|student/;

/**
 * Guesses which CSV column holds each account field from the header names (case, spaces, hyphens and
 * underscores do not matter). Each column is used for at most one field; a field with no likely column is
 * left out (not imported). Pure: the wizard's starting point, which the admin can change.
 */
export function guessColumnMapping(headers: readonly string[]): ImportMapping {
  const normalized = headers.map(normalizeHeader);
  const claimed = new Set<number>();
  const mapping: ImportMapping = {};

  const claim = (field: ImportField, index: number) => {
    claimed.add(index);
    mapping[field] = headers[index];
  };

  // Exact names: the better alias wins, then the column further left.
  for (const { field } of IMPORT_FIELDS) {
    let best: { rank: number; index: number } | undefined;
    normalized.forEach((name, index) => {
      if (!name || claimed.has(index)) return;
      const rank = ALIASES[field].indexOf(name);
      if (rank >= 0 && (!best || rank < best.rank)) best = { rank, index };
    });
    if (best) claim(field, best.index);
  }

  // Longer headers for the required fields, e.g. 'Parent E-mail (required)'.
  for (const [field, parts] of Object.entries(REQUIRED_FALLBACK) as Array<[ImportField, string[]]>) {
    if (mapping[field] !== undefined) continue;
    const index = normalized.findIndex((name, i) => !claimed.has(i) && !ABOUT_A_CHILD.test(name) && parts.some((part) => name.includes(part)));
    if (index >= 0) claim(field, index);
  }

  return mapping;
}

/** The required fields (email, first and last name) that the mapping leaves out (the server's own check). */
export const missingRequiredFields = missingRequiredImportFields;
