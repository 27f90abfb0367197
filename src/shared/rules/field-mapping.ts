import { z } from 'zod';
import { CHILD_TARGET_FIELDS, CHILD_TARGET_LABELS, crmChildSlotShape } from '../schemas/child-fields';
import { PLAN_TIERS } from '../schemas/users';
import { isPhone } from '../schemas/family';
import { crmLimit as limit, crmScalar as scalar, crmText as text } from './crm-values';
import { torontoTime } from './week';

/**
 * How a CRM payload becomes the fields of a parent account (docs/product-rules.md, "CRM webhooks"). One pure
 * module used by the webhook receiver, the template preview call and the template editor's path picker.
 *
 * - A source path names a value in the payload: dot-separated keys, each optionally followed by array
 *   indexes: `email`, `contact.email`, `children[0].name`, `plan.tiers[1]`. Keys are letters, digits, `_`,
 *   `$` and `-`. Only own properties are read, so `__proto__` or `constructor` find nothing.
 * - A target field is one of TARGET_FIELDS (flat names, as the user API names them), grouped for the editor
 *   as contact, children, account and system.
 * - A rule maps one source path onto one target field, optionally required, with a transform applied to text.
 */

/** The target fields, grouped as the template editor offers them. */
export const TARGET_FIELD_GROUPS = [
  { group: 'contact', label: 'Contact', fields: ['firstName', 'lastName', 'email', 'password', 'crmUserId', 'phone'] },
  // Issue 31: a second guardian of the family (added with a set-password link, or the family's second one updated).
  { group: 'guardian2', label: 'Second guardian', fields: ['guardian2FirstName', 'guardian2LastName', 'guardian2Email', 'guardian2Phone'] },
  { group: 'children', label: 'Children', fields: CHILD_TARGET_FIELDS },
  { group: 'account', label: 'Account', fields: ['planTier', 'weeklyLimit', 'isActive'] },
  { group: 'system', label: 'System', fields: ['notes', 'createdAt', 'updatedAt'] },
] as const;

export type TargetField = (typeof TARGET_FIELD_GROUPS)[number]['fields'][number];
export const TARGET_FIELDS: readonly TargetField[] = TARGET_FIELD_GROUPS.flatMap((group): readonly TargetField[] => group.fields);
export const isTargetField = (value: string): value is TargetField => (TARGET_FIELDS as readonly string[]).includes(value);

/** Human labels for the target fields (editor, preview and log detail). */
export const TARGET_FIELD_LABELS: Record<TargetField, string> = {
  firstName: 'First name',
  lastName: 'Last name',
  email: 'Email',
  password: 'Password',
  crmUserId: 'CRM user id',
  phone: 'Phone',
  guardian2FirstName: '2nd guardian first name',
  guardian2LastName: '2nd guardian last name',
  guardian2Email: '2nd guardian email',
  guardian2Phone: '2nd guardian phone',
  ...CHILD_TARGET_LABELS,
  planTier: 'Plan tier',
  weeklyLimit: 'Weekly sessions',
  isActive: 'Account active',
  notes: 'Notes',
  createdAt: 'Created in CRM',
  updatedAt: 'Updated in CRM',
};

export const TRANSFORMS = ['none', 'trim', 'toLower', 'toUpper'] as const;
export type Transform = (typeof TRANSFORMS)[number];

export interface MappingRule {
  sourcePath: string;
  targetPath: TargetField;
  required: boolean;
  transform: Transform;
  /** Rules apply in this order (lowest first); absent means the list order. */
  order?: number | undefined;
}

// ---------------------------------------------------------------------------------------------------------
// Source paths

export type PathToken = string | number;

const SEGMENT = /^([A-Za-z0-9_$-]+)((?:\[\d{1,6}\])*)$/;
export const MAX_SOURCE_PATH_LENGTH = 200;

/** The tokens of a source path (`children[0].name` → ['children', 0, 'name']), or null when it is not valid. */
export function parseSourcePath(path: string): PathToken[] | null {
  if (!path || path.length > MAX_SOURCE_PATH_LENGTH) return null;
  const tokens: PathToken[] = [];
  for (const segment of path.split('.')) {
    const match = SEGMENT.exec(segment);
    if (!match) return null;
    tokens.push(match[1]!);
    for (const index of match[2]!.matchAll(/\[(\d+)\]/g)) tokens.push(Number(index[1]));
  }
  return tokens;
}

export const SOURCE_PATH_MESSAGE = 'Source path must look like contact.email or children[0].name';

/** The value at a source path, or undefined when any step is missing (only own properties are followed). */
export function readPath(payload: unknown, path: string): unknown {
  const tokens = parseSourcePath(path);
  if (!tokens) return undefined;
  let current: unknown = payload;
  for (const token of tokens) {
    if (typeof token === 'number') {
      if (!Array.isArray(current) || token >= current.length) return undefined;
      current = current[token];
    } else {
      if (current === null || typeof current !== 'object' || Array.isArray(current) || !Object.hasOwn(current, token)) return undefined;
      current = (current as Record<string, unknown>)[token];
    }
  }
  return current;
}

/** The transform of a rule: only text changes; numbers and true/false pass through. */
export function applyTransform(value: unknown, transform: Transform): unknown {
  if (typeof value !== 'string') return value;
  switch (transform) {
    case 'trim':
      return value.trim();
    case 'toLower':
      return value.toLowerCase();
    case 'toUpper':
      return value.toUpperCase();
    default:
      return value;
  }
}

export interface SourcePathOption {
  path: string;
  /** The sample's value there, shortened, for the picker. */
  example: string;
}

/**
 * Every leaf of a sample payload as a source path (for the editor's picker), in document order: at most
 * `maxPaths`, and the first `maxArrayItems` items of each array.
 */
export function listSourcePaths(sample: unknown, options: { maxPaths?: number; maxArrayItems?: number } = {}): SourcePathOption[] {
  const maxPaths = options.maxPaths ?? 300;
  const maxArrayItems = options.maxArrayItems ?? 4;
  const out: SourcePathOption[] = [];
  const visit = (value: unknown, path: string, depth: number) => {
    if (out.length >= maxPaths || depth > 12) return;
    if (Array.isArray(value)) {
      value.slice(0, maxArrayItems).forEach((item, index) => visit(item, `${path}[${index}]`, depth + 1));
      return;
    }
    if (value !== null && typeof value === 'object') {
      for (const [key, item] of Object.entries(value)) {
        if (!/^[A-Za-z0-9_$-]+$/.test(key)) continue;
        visit(item, path ? `${path}.${key}` : key, depth + 1);
      }
      return;
    }
    if (!path) return;
    const text = value === null ? 'null' : String(value);
    out.push({ path, example: text.length > 40 ? `${text.slice(0, 39)}…` : text });
  };
  visit(sample, '', 0);
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// Target values: what each target field accepts (a CRM sends text, numbers or true/false)

const TRUE_WORDS = ['true', '1', 'yes', 'y', 'active'];
const FALSE_WORDS = ['false', '0', 'no', 'n', 'inactive'];
const flag = (field: string) =>
  scalar(field)
    .transform((value) => (typeof value === 'boolean' ? value : String(value).trim().toLowerCase()))
    .refine((value) => typeof value === 'boolean' || TRUE_WORDS.includes(value) || FALSE_WORDS.includes(value), {
      message: `${field} must be true or false`,
    })
    .transform((value) => (typeof value === 'boolean' ? value : TRUE_WORDS.includes(value)));
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_LOCAL = /^(\d{4})-(\d{2})-(\d{2})[T ](\d{2}):(\d{2})(?::(\d{2})(?:\.(\d{1,9}))?)?$/;
const ISO_WITH_OFFSET = /^(\d{4}-\d{2}-\d{2})[T ](\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?)(Z|([+-]\d{2}):?(\d{2}))$/i;
const NAMES_ITS_ZONE = /(?:Z|GMT|UTC|[+-]\d{2}:?\d{2})$/i;
const INVALID = new Date(Number.NaN);

/** Unix time: seconds below 1e11 (until the year 5138), milliseconds above. */
const fromUnix = (value: number) => new Date(value < 1e11 && value > -1e11 ? value * 1000 : value);

/**
 * A CRM's date and time, the same whatever the server's time zone: Unix time (a number or digits), ISO 8601
 * with an offset (an instant), ISO 8601 without one or a bare date (a Toronto wall-clock time, the business's
 * zone), or another date text that names its zone ('Mon, 16 Nov 2026 14:30:00 GMT'). Anything else is refused
 * rather than read in the server's local zone.
 */
function readInstant(value: unknown): Date {
  if (typeof value === 'number') return fromUnix(value);
  if (typeof value !== 'string') return INVALID;
  const textValue = value.trim();
  if (/^-?\d{1,15}(?:\.\d+)?$/.test(textValue)) return fromUnix(Number(textValue));
  const local = ISO_LOCAL.exec(textValue) ?? ISO_DATE.exec(textValue);
  if (local) {
    const [year, month, day, hour = 0, minute = 0, second = 0] = local.slice(1, 7).map((part) => (part === undefined ? undefined : Number(part)));
    if (month! < 1 || month! > 12 || day! < 1 || hour > 23 || minute > 59 || second > 59) return INVALID;
    const probe = new Date(Date.UTC(year!, month! - 1, day!));
    if (probe.getUTCMonth() !== month! - 1 || probe.getUTCDate() !== day!) return INVALID;
    const millis = local[7] ? Math.floor(Number(`0.${local[7]}`) * 1000) : 0;
    return new Date(torontoTime(year!, month!, day!, hour, minute).getTime() + second * 1000 + millis);
  }
  const offset = ISO_WITH_OFFSET.exec(textValue);
  if (offset) return new Date(`${offset[1]}T${offset[2]}${offset[3]!.toUpperCase() === 'Z' ? 'Z' : `${offset[4]}:${offset[5]}`}`);
  if (NAMES_ITS_ZONE.test(textValue)) return new Date(textValue);
  return INVALID;
}

const instant = (field: string) =>
  scalar(field)
    .transform(readInstant)
    .refine((date) => !Number.isNaN(date.getTime()), { message: `${field} must be a date and time (ISO 8601 or Unix time)` })
    .transform((date) => date.toISOString());

/** A phone as typed, checked as a number we can call (Canada unless written with +country code: schemas/family.ts). */
const phone = (field: string) => text(field, 40).refine(isPhone, `${field} must be a phone number (such as 416-555-0100, or +44 … abroad)`);

/** What each target field accepts and becomes. Text is trimmed; e-mail lower-cased; plan tier upper-cased. */
export const mappedFieldsSchema = z.object({
  firstName: text('firstName', 100).optional(),
  lastName: text('lastName', 100).optional(),
  email: text('email', 254)
    .transform((value) => value.toLowerCase())
    .pipe(z.email({ error: 'email must be a valid email address' }))
    .optional(),
  password: scalar('password')
    .transform((value) => String(value))
    .pipe(z.string().min(6, 'password must be at least 6 characters').max(200, 'password cannot exceed 200 characters'))
    .optional(),
  crmUserId: text('crmUserId', 200).optional(),
  phone: phone('phone').optional(),
  guardian2FirstName: text('guardian2FirstName', 100).optional(),
  guardian2LastName: text('guardian2LastName', 100).optional(),
  guardian2Email: text('guardian2Email', 254)
    .transform((value) => value.toLowerCase())
    .pipe(z.email({ error: 'guardian2Email must be a valid email address' }))
    .optional(),
  guardian2Phone: phone('guardian2Phone').optional(),
  ...crmChildSlotShape,
  planTier: text('planTier', 10)
    .transform((value) => value.toUpperCase())
    .pipe(z.enum(PLAN_TIERS, { error: 'planTier must be ONE, TWO or THREE' }))
    .optional(),
  weeklyLimit: limit('weeklyLimit').optional(),
  isActive: flag('isActive').optional(),
  notes: text('notes', 2000).optional(),
  createdAt: instant('createdAt').optional(),
  updatedAt: instant('updatedAt').optional(),
});
export type MappedFields = z.output<typeof mappedFieldsSchema>;

export interface MappingResult {
  /** The target fields found and valid (a field in error is left out). */
  data: MappedFields;
  /** Required rules whose source value is missing or blank. */
  missing: TargetField[];
  /** Readable problems: missing required fields, then invalid values ('planTier must be ONE, TWO or THREE'). */
  errors: string[];
}

const isBlank = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');

/**
 * Maps a payload with ordered rules. A missing or blank source value leaves its target out (and is an error
 * when the rule is required); the rest are transformed, then checked by mappedFieldsSchema. When two rules
 * name one target, the first with a value wins.
 */
export function mapPayload(payload: unknown, rules: readonly MappingRule[]): MappingResult {
  const ordered = rules
    .map((rule, index) => ({ rule, index }))
    .sort((a, b) => (a.rule.order ?? a.index) - (b.rule.order ?? b.index) || a.index - b.index)
    .map(({ rule }) => rule);
  const raw: Partial<Record<TargetField, unknown>> = {};
  const missing: TargetField[] = [];
  for (const rule of ordered) {
    if (raw[rule.targetPath] !== undefined) continue;
    const value = applyTransform(readPath(payload, rule.sourcePath), rule.transform);
    if (isBlank(value)) {
      if (rule.required && !missing.includes(rule.targetPath)) missing.push(rule.targetPath);
      continue;
    }
    raw[rule.targetPath] = value;
  }
  // A required target filled by a later rule is not missing.
  const stillMissing = missing.filter((field) => raw[field] === undefined);
  const errors: string[] = [];
  if (stillMissing.length) errors.push(`Missing required fields: ${stillMissing.join(', ')}`);

  const data: Record<string, unknown> = {};
  const shape = mappedFieldsSchema.shape;
  for (const [field, value] of Object.entries(raw) as Array<[TargetField, unknown]>) {
    const parsed = shape[field].safeParse(value);
    if (parsed.success) data[field] = parsed.data;
    else errors.push(parsed.error.issues[0]?.message ?? `${field} is not valid`);
  }
  return { data: data as MappedFields, missing: stillMissing, errors };
}

// ---------------------------------------------------------------------------------------------------------
// The configuration's fieldMappings text

/**
 * The default fieldMappings of a new webhook configuration (spec 3: email, firstName, lastName, planTier,
 * crmUserId), written for the shape of BUILT_IN_SAMPLE_PAYLOAD.
 */
export const DEFAULT_FIELD_MAPPINGS: Readonly<Record<string, string>> = {
  email: 'contact.email',
  firstName: 'contact.firstName',
  lastName: 'contact.lastName',
  planTier: 'plan.tier',
  crmUserId: 'contact.id',
};
export const DEFAULT_FIELD_MAPPINGS_TEXT = JSON.stringify(DEFAULT_FIELD_MAPPINGS, null, 2);

/** What a CRM plan-purchase delivery looks like: the sample offered when no real payload was received yet. */
export const BUILT_IN_SAMPLE_PAYLOAD = {
  event: 'plan.purchased',
  occurredAt: '2026-11-16T14:30:00.000Z',
  contact: { id: 'crm-10001', email: 'jordan.rivera@example.com', firstName: 'Jordan', lastName: 'Rivera', phone: '+1 416 555 0142' },
  plan: { tier: 'TWO', sessionsPerWeek: 2 },
  children: [
    { name: 'Maya Rivera', weeklyLimit: 2 },
    { name: 'Leo Rivera', weeklyLimit: 1 },
  ],
};

/**
 * Reads fieldMappings text: a JSON object from target field to source path. Returns the rules (in the
 * text's order, none required, no transform) or the problems, readable by the office.
 */
export function parseFieldMappings(textValue: string): { rules: MappingRule[]; errors: string[] } {
  let parsed: unknown;
  try {
    parsed = JSON.parse(textValue);
  } catch {
    return { rules: [], errors: ['Field mappings must be valid JSON'] };
  }
  if (parsed === null || typeof parsed !== 'object' || Array.isArray(parsed)) {
    return { rules: [], errors: ['Field mappings must be a JSON object of target field to source path, like {"email": "contact.email"}'] };
  }
  const rules: MappingRule[] = [];
  const errors: string[] = [];
  for (const [target, source] of Object.entries(parsed)) {
    if (!isTargetField(target)) {
      errors.push(`Unknown target field "${target}"; use one of ${TARGET_FIELDS.join(', ')}`);
    } else if (typeof source !== 'string' || !parseSourcePath(source.trim())) {
      errors.push(`${target}: ${SOURCE_PATH_MESSAGE}`);
    } else {
      rules.push({ sourcePath: source.trim(), targetPath: target, required: false, transform: 'none' });
    }
  }
  if (!errors.length && !rules.length) errors.push('Field mappings must map at least one field');
  return { rules, errors };
}
