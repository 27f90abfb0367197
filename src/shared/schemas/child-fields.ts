import { z } from 'zod';
import { BIRTH_DATE_INVALID, birthDateProblem, SEX_INVALID } from '../rules/child-details';
import { crmBirthDate, crmLimit, crmSex, crmText } from '../rules/crm-values';
import { CHILD_FIELDS, CHILD_SEXES, CHILD_SLOTS, childSlotField, childSlotShapeOf, parseChildSlotField, type ChildField, type ChildSex, type ChildSlotField, type FieldOfSlotField } from './children';
import { hasNoControlCharacters, notAllowedCharacters } from './text';
import { DEFAULT_WEEKLY_LIMIT, MAX_WEEKLY_LIMIT, MIN_WEEKLY_LIMIT } from './users';

/**
 * The edge of the child fields: how each field of the list type (children.ts) reads and is named where the spec's
 * four slots are the contract. One entry per field, and everything else derives from it: the slot fields of the
 * create and edit bodies (admin-users.ts), the CSV import's columns ('Child 2 Date of Birth'), the CRM mapping's
 * targets ('2nd child date of birth') and what a CRM value must be.
 */

/**
 * A weekly limit from a form or a CSV cell: a whole number 1–7, as a JSON number (the forms convert their
 * inputs and the CSV import reads its cells' digits before checking; `true`, "0x10" or [5] are refused).
 */
export const weeklyLimitInput = z
  .number({ error: 'Weekly limit must be a whole number from 1 to 7' })
  .int('Weekly limit must be a whole number from 1 to 7')
  .min(MIN_WEEKLY_LIMIT, 'Weekly limit must be at least 1')
  .max(MAX_WEEKLY_LIMIT, 'Weekly limit cannot exceed 7');

/** Spec 5: a blank child name means "no child in this slot". */
const childName = z
  .string()
  .trim()
  .max(100, 'Child names cannot exceed 100 characters')
  .refine(hasNoControlCharacters, notAllowedCharacters('Child name'))
  .nullish()
  .transform((value) => (value ? value : null));

/**
 * Issue 22: a child's date of birth, 'YYYY-MM-DD': a real date, not in the future, at most 25 years ago (Toronto
 * today). Blank or null means not recorded (on edit: clear it); left out on edit keeps what is recorded.
 */
export const childBirthDate = z
  .string({ error: BIRTH_DATE_INVALID })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .superRefine((value, ctx) => {
    const problem = value === null ? null : birthDateProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Issue 22: a child's sex, 'F' (girl) or 'M' (boy); blank or null means not recorded (on edit: clear it). */
export const childSex = z
  .string({ error: SEX_INVALID })
  .trim()
  .nullish()
  .transform((value) => (value ? value : null))
  .refine((value) => value === null || (CHILD_SEXES as readonly string[]).includes(value), SEX_INVALID)
  .transform((value) => value as ChildSex | null);

interface ChildFieldEdge {
  /** The words after 'Child 2 ' in a CSV column's label; lower-cased after '2nd child ' in a CRM target's label. */
  label: string;
  /** What the office's forms, the JSON API and a CSV cell accept (blank or null: nothing recorded). */
  input: z.ZodType;
  /** The value a new account's child gets when the create body leaves the field out (none: the input's own). */
  createDefault?: unknown;
  /** What a CRM value must be, with messages naming the target field (rules/crm-values.ts). */
  crm: (targetField: string) => z.ZodType;
}

/** One entry per child field (the compiler refuses a field of the list type without one). */
export const CHILD_FIELD_EDGE = {
  name: { label: 'Name', input: childName, crm: (field: string) => crmText(field, 100) },
  weeklyLimit: { label: 'Weekly Limit', input: weeklyLimitInput, createDefault: DEFAULT_WEEKLY_LIMIT, crm: crmLimit },
  birthDate: { label: 'Date of Birth', input: childBirthDate, crm: crmBirthDate },
  sex: { label: 'Sex', input: childSex, crm: crmSex },
} as const satisfies { [F in ChildField]: ChildFieldEdge };
type Edge = typeof CHILD_FIELD_EDGE;

type CreateInput<F extends ChildField> = Edge[F] extends { createDefault: unknown } ? z.ZodDefault<Edge[F]['input']> : Edge[F]['input'];

/** The create body's slot fields (POST /api/admin/users, a CSV row): a field left out is null, a limit 1. */
export const createChildSlotShape = childSlotShapeOf(
  Object.fromEntries(
    CHILD_FIELDS.map((field) => {
      const edge: ChildFieldEdge = CHILD_FIELD_EDGE[field];
      return [field, edge.createDefault === undefined ? edge.input : (edge.input as z.ZodType<unknown>).default(edge.createDefault)];
    }),
  ) as { [F in ChildField]: CreateInput<F> },
);

/** The edit body's slot fields (PATCH /api/admin/users/:id): every one optional; left out changes nothing. */
export const updateChildSlotShape = childSlotShapeOf(
  Object.fromEntries(CHILD_FIELDS.map((field) => [field, CHILD_FIELD_EDGE[field].input.optional()])) as {
    [F in ChildField]: z.ZodOptional<Edge[F]['input']>;
  },
);

/** The CSV import's child columns, slot by slot: 'Child 1 Name', 'Child 1 Weekly Limit', …, 'Child 4 Sex'. */
export const CHILD_IMPORT_FIELDS = CHILD_SLOTS.flatMap((slot, index) =>
  CHILD_FIELDS.map((field) => ({ field: childSlotField(slot, field), label: `Child ${index + 1} ${CHILD_FIELD_EDGE[field].label}`, required: false as const })),
);

const ORDINALS = ['1st', '2nd', '3rd', '4th'] as const;

/** The CRM mapping's child targets, slot by slot (firstChildName … fourthChildSex). */
export const CHILD_TARGET_FIELDS: readonly ChildSlotField[] = CHILD_SLOTS.flatMap((slot) => CHILD_FIELDS.map((field) => childSlotField(slot, field)));

/** Their labels in the template editor, preview and log: '1st child name', '2nd child date of birth', … */
export const CHILD_TARGET_LABELS = Object.fromEntries(
  CHILD_SLOTS.flatMap((slot, index) =>
    CHILD_FIELDS.map((field) => [childSlotField(slot, field), `${ORDINALS[index]} child ${CHILD_FIELD_EDGE[field].label.toLowerCase()}`]),
  ),
) as Record<ChildSlotField, string>;

/** What each child target accepts and becomes (the CRM's value checked, trimmed; messages name the target). */
export const crmChildSlotShape = Object.fromEntries(
  CHILD_TARGET_FIELDS.map((target) => [target, CHILD_FIELD_EDGE[parseChildSlotField(target)!.field].crm(target).optional()]),
) as { [K in ChildSlotField]: z.ZodOptional<ReturnType<Edge[FieldOfSlotField<K>]['crm']>> };
