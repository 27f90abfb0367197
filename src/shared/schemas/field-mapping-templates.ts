import { z } from 'zod';
import { parseSourcePath, SOURCE_PATH_MESSAGE, TARGET_FIELDS, TRANSFORMS, type TargetField } from '../rules/field-mapping';
import { isoInstant } from './dates';
import { hasNoControlCharacters, hasNoControlCharactersExceptLines, notAllowedCharacters, requiredName } from './text';

/**
 * Field-mapping templates (spec 2, 3, 5, 7): named, versioned lists of rules that turn a CRM payload into
 * the fields of a parent account. The mapping itself is src/shared/rules/field-mapping.ts.
 */

export const MAX_RULES_PER_TEMPLATE = 50;
export const MAX_SAMPLE_PAYLOAD_CHARS = 100_000;
export const INVALID_SAMPLE_JSON = 'Invalid sample JSON';

const isJsonText = (value: string) => {
  try {
    JSON.parse(value);
    return true;
  } catch {
    return false;
  }
};

/** Spec 3, mapping rule. `order` is the rule's place (0 first); absent means its place in the list. */
export const mappingRuleInput = z.object({
  sourcePath: z
    .string({ error: 'Source path is required' })
    .trim()
    .min(1, 'Source path is required')
    .max(500, SOURCE_PATH_MESSAGE)
    .refine((value) => parseSourcePath(value) !== null, SOURCE_PATH_MESSAGE),
  targetPath: z.enum(TARGET_FIELDS as readonly [TargetField, ...TargetField[]], { error: 'Choose a target field' }),
  required: z.boolean().default(false),
  order: z.number().int().min(0).max(1000).optional(),
  transform: z.enum(TRANSFORMS, { error: 'Transform must be trim, toLower, toUpper or none' }).default('none'),
  notes: z
    .string()
    .trim()
    .max(500, 'Notes cannot exceed 500 characters')
    .refine(hasNoControlCharactersExceptLines, notAllowedCharacters('Notes'))
    .nullish()
    .transform((value) => (value ? value : null)),
});
export type MappingRuleInput = z.input<typeof mappingRuleInput>;
export type MappingRuleBody = z.output<typeof mappingRuleInput>;

const rules = z.array(mappingRuleInput).max(MAX_RULES_PER_TEMPLATE, `A template can have at most ${MAX_RULES_PER_TEMPLATE} rules`);

/** Spec 5, template editor: Name and Source required; the sample must be JSON. */
const samplePayload = z
  .string()
  .max(MAX_SAMPLE_PAYLOAD_CHARS, `The sample cannot exceed ${MAX_SAMPLE_PAYLOAD_CHARS} characters`)
  .refine(hasNoControlCharactersExceptLines, notAllowedCharacters('The sample'))
  .nullish()
  .transform((value) => (value && value.trim() ? value : null))
  .refine((value) => value === null || isJsonText(value), INVALID_SAMPLE_JSON);

/** POST /api/admin/field-mapping-templates and PUT …/:id (the whole template: rules are replaced). */
export const templateBody = z.object({
  name: requiredName('Name'),
  source: z
    .string({ error: 'Source is required' })
    .trim()
    .min(1, 'Source is required')
    .max(100, 'Source cannot exceed 100 characters')
    .refine(hasNoControlCharacters, notAllowedCharacters('Source')),
  description: z
    .string()
    .trim()
    .max(1000, 'Description cannot exceed 1000 characters')
    .refine(hasNoControlCharactersExceptLines, notAllowedCharacters('Description'))
    .nullish()
    .transform((value) => (value ? value : null)),
  isActive: z.boolean({ error: 'isActive must be true or false' }).default(true),
  samplePayload,
  rules: rules.default([]),
});
export type TemplateInput = z.input<typeof templateBody>;
export type TemplateBody = z.output<typeof templateBody>;

export const mappingRuleDto = z.object({
  id: z.string(),
  sourcePath: z.string(),
  targetPath: z.string(),
  required: z.boolean(),
  order: z.number().int(),
  transform: z.enum(TRANSFORMS),
  notes: z.string().nullable(),
});
export type MappingRuleDto = z.infer<typeof mappingRuleDto>;

/** Spec 3, field mapping template. `usedBy` lists the webhook configurations linked to it. */
export const templateDto = z.object({
  id: z.string(),
  name: z.string(),
  source: z.string(),
  description: z.string().nullable(),
  isActive: z.boolean(),
  version: z.number().int(),
  samplePayload: z.string().nullable(),
  rules: z.array(mappingRuleDto),
  createdBy: z.object({ firstName: z.string(), lastName: z.string() }).nullable(),
  usedBy: z.array(z.object({ id: z.string(), name: z.string() })),
  createdAt: isoInstant,
  updatedAt: isoInstant,
});
export type TemplateDto = z.infer<typeof templateDto>;

/** Newest change first. */
export const templateListResponse = z.object({ templates: z.array(templateDto) });
export type TemplateListResponse = z.infer<typeof templateListResponse>;

/** POST /api/admin/field-mapping-templates/preview: maps a sample with rules, nothing is saved. */
export const previewBody = z.object({
  samplePayload: z
    .string({ error: INVALID_SAMPLE_JSON })
    .max(MAX_SAMPLE_PAYLOAD_CHARS, `The sample cannot exceed ${MAX_SAMPLE_PAYLOAD_CHARS} characters`)
    .refine(hasNoControlCharactersExceptLines, notAllowedCharacters('The sample'))
    .refine(isJsonText, INVALID_SAMPLE_JSON),
  rules,
});
export type PreviewInput = z.input<typeof previewBody>;

/** The mapped target fields (password shown as '[redacted]'), the required fields missing, and every problem. */
export const previewResponse = z.object({
  mappedData: z.record(z.string(), z.unknown()),
  missing: z.array(z.string()),
  errors: z.array(z.string()),
});
export type PreviewResponse = z.infer<typeof previewResponse>;
