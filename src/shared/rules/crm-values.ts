import { z } from 'zod';
import { hasNoControlCharacters, notAllowedCharacters } from '../schemas/text';
import { MAX_WEEKLY_LIMIT, MIN_WEEKLY_LIMIT } from '../schemas/users';
import { birthDateProblem, childSexFrom } from './child-details';

/**
 * What a CRM field accepts, by kind (a CRM sends text, numbers or true/false): the checks mappedFieldsSchema
 * (field-mapping.ts) and the child fields' edge table (schemas/child-fields.ts) build their targets from. Each
 * message names the target field.
 */

export const crmScalar = (field: string) =>
  z.unknown().refine((value) => value === null || ['string', 'number', 'boolean'].includes(typeof value), {
    message: `${field} must be a text, number or true/false value, not a list or an object`,
  });
export const crmText = (field: string, max: number, min = 1) =>
  crmScalar(field)
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(min, `${field} is empty`)
        .max(max, `${field} cannot exceed ${max} characters`)
        .refine(hasNoControlCharacters, notAllowedCharacters(field)),
    );
export const crmLimit = (field: string) =>
  crmScalar(field)
    // true/false is not a number of sessions (z.coerce would read true as 1).
    .refine((value) => typeof value !== 'boolean', `${field} must be a whole number from ${MIN_WEEKLY_LIMIT} to ${MAX_WEEKLY_LIMIT}`)
    .pipe(
    z.coerce
      .number({ error: `${field} must be a whole number from ${MIN_WEEKLY_LIMIT} to ${MAX_WEEKLY_LIMIT}` })
      .int(`${field} must be a whole number from ${MIN_WEEKLY_LIMIT} to ${MAX_WEEKLY_LIMIT}`)
      .min(MIN_WEEKLY_LIMIT, `${field} must be a whole number from ${MIN_WEEKLY_LIMIT} to ${MAX_WEEKLY_LIMIT}`)
      .max(MAX_WEEKLY_LIMIT, `${field} must be a whole number from ${MIN_WEEKLY_LIMIT} to ${MAX_WEEKLY_LIMIT}`),
  );

/** Issue 22: a child's date of birth, YYYY-MM-DD: a real date in the past, at most 25 years ago (child-details.ts). */
export const crmBirthDate = (field: string) =>
  crmText(field, 10).superRefine((value, ctx) => {
    const problem = birthDateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: `${field}: ${problem}` });
  });
/** Issue 22: a child's sex: F or M in any case, or female/male, girl/boy; stored as 'F' or 'M'. */
export const crmSex = (field: string) =>
  crmText(field, 10)
    .transform((value) => childSexFrom(value))
    .refine((value) => value !== null, `${field} must be F or M (or female/male, girl/boy)`)
    .transform((value) => value!);

