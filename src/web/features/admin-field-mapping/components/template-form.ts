import { format } from 'date-fns';
import {
  parseSourcePath,
  TARGET_FIELD_LABELS,
  isTargetField,
  type TargetField,
  type Transform,
} from '../../../../shared/rules/field-mapping';
import { inToronto } from '../../../../shared/rules/week';
import type { MappingRuleBody, PreviewInput, TemplateBody, TemplateDto } from '../../../../shared/schemas/field-mapping-templates';

/** One rule row as the editor holds it: the target is '' until one is chosen, notes are text. */
export interface RuleFormValues {
  sourcePath: string;
  targetPath: TargetField | '';
  required: boolean;
  transform: Transform;
  notes: string;
}

/** The template editor's values (strings where the user types; the schema trims and nulls them on save). */
export interface TemplateFormValues {
  name: string;
  source: string;
  description: string;
  isActive: boolean;
  samplePayload: string;
  rules: RuleFormValues[];
}

export const EMPTY_RULE: RuleFormValues = { sourcePath: '', targetPath: '', required: false, transform: 'none', notes: '' };

export const EMPTY_TEMPLATE: TemplateFormValues = { name: '', source: '', description: '', isActive: true, samplePayload: '', rules: [] };

/** The editor's starting values for a saved template (rules in their order). */
export function formValuesFromTemplate(template: TemplateDto): TemplateFormValues {
  const rules = [...template.rules].sort((a, b) => a.order - b.order);
  return {
    name: template.name,
    source: template.source,
    description: template.description ?? '',
    isActive: template.isActive,
    samplePayload: template.samplePayload ?? '',
    rules: rules.map((rule) => ({
      sourcePath: rule.sourcePath,
      targetPath: isTargetField(rule.targetPath) ? rule.targetPath : '',
      required: rule.required,
      transform: rule.transform,
      notes: rule.notes ?? '',
    })),
  };
}

/** The saved body with each rule's place made explicit (0 first), as the list order shows it. */
export function withRuleOrder(body: TemplateBody): TemplateBody {
  return { ...body, rules: body.rules.map((rule: MappingRuleBody, order) => ({ ...rule, order })) };
}

export type SampleState = { kind: 'empty' } | { kind: 'invalid' } | { kind: 'valid'; value: unknown };

/** Reads the sample text: blank, not JSON, or the parsed value. */
export function readSample(text: string): SampleState {
  if (!text.trim()) return { kind: 'empty' };
  try {
    return { kind: 'valid', value: JSON.parse(text) as unknown };
  } catch {
    return { kind: 'invalid' };
  }
}

/** Pretty-prints a loaded payload the way the sample box shows it (two-space indent). */
export const prettyJson = (value: unknown) => JSON.stringify(value, null, 2);

/** True when a typed source path is not blank and not a valid path (shown inline while typing). */
export const isBadSourcePath = (path: string) => path.trim() !== '' && parseSourcePath(path.trim()) === null;

/**
 * The preview call's body: the sample text and the rules that are complete (a row still being filled in,
 * without a valid path or a target, is left out so the preview keeps working while the user types).
 */
export function previewRequest(samplePayload: string, rules: readonly RuleFormValues[]): PreviewInput {
  return {
    samplePayload,
    rules: rules.flatMap((rule, order) => {
      const sourcePath = rule.sourcePath.trim();
      if (!rule.targetPath || !sourcePath || parseSourcePath(sourcePath) === null) return [];
      return [{ sourcePath, targetPath: rule.targetPath, required: rule.required, transform: rule.transform, order }];
    }),
  };
}

/** A target field's label ('E-mail'), or the name itself when it is not one the editor offers. */
export const targetLabel = (field: string) => (isTargetField(field) ? TARGET_FIELD_LABELS[field] : field);

/** The list's dates: 'Nov 22, 2026' (Toronto). */
export const formatTemplateDate = (instant: string | Date) => format(inToronto(instant), 'MMM d, yyyy');

/** 'Adam Archer', or '—' when the author is unknown (deleted, or made by the seed). */
export const authorName = (createdBy: TemplateDto['createdBy']) => (createdBy ? `${createdBy.firstName} ${createdBy.lastName}`.trim() || '—' : '—');

/**
 * Server validation errors name the field like 'rules.0.sourcePath' or 'name'; the ones that match an editor
 * field are returned with their message (the first per field).
 */
export function fieldErrorsFromServer(errors: ReadonlyArray<{ field: string; message: string }>): Array<{ field: string; message: string }> {
  const seen = new Set<string>();
  const out: Array<{ field: string; message: string }> = [];
  for (const { field, message } of errors) {
    const name = field.replace(/^body\./, '');
    const known = /^(name|source|description|samplePayload|rules)$/.test(name) || /^rules\.\d+\.(sourcePath|targetPath|transform|notes|required)$/.test(name);
    if (!known || seen.has(name)) continue;
    seen.add(name);
    out.push({ field: name, message });
  }
  return out;
}

// ---------------------------------------------------------------------------------------------------------
// 'Add suggested rules': a first set of rules guessed from the sample's field names

const CHILD_SLOT_NAMES = ['first', 'second', 'third', 'fourth'] as const;
const CHILD_LIST_KEYS = new Set(['children', 'kids', 'childs', 'participants', 'students']);
const norm = (key: string) => key.toLowerCase().replace(/[^a-z0-9]/g, '');

const BY_KEY: Record<string, TargetField> = {
  email: 'email',
  emailaddress: 'email',
  mail: 'email',
  firstname: 'firstName',
  givenname: 'firstName',
  lastname: 'lastName',
  surname: 'lastName',
  familyname: 'lastName',
  password: 'password',
  crmuserid: 'crmUserId',
  crmid: 'crmUserId',
  contactid: 'crmUserId',
  customerid: 'crmUserId',
  tier: 'planTier',
  plantier: 'planTier',
  weeklylimit: 'weeklyLimit',
  sessionsperweek: 'weeklyLimit',
  weeklysessions: 'weeklyLimit',
  isactive: 'isActive',
  active: 'isActive',
  notes: 'notes',
  note: 'notes',
  createdat: 'createdAt',
  updatedat: 'updatedAt',
};

/** The target a source path most likely fills, judged by its key names, or null when there is no clear match. */
export function guessTarget(path: string): TargetField | null {
  const tokens = parseSourcePath(path);
  if (!tokens) return null;
  const keys = tokens.filter((token): token is string => typeof token === 'string');
  const last = norm(keys.at(-1) ?? '');
  // children[1].name → 2nd child name; children[1].weeklyLimit → 2nd child weekly limit.
  const listIndex = tokens.findIndex((token, i) => typeof token === 'number' && typeof tokens[i - 1] === 'string' && CHILD_LIST_KEYS.has(norm(tokens[i - 1] as string)));
  if (listIndex > 0) {
    const slot = CHILD_SLOT_NAMES[tokens[listIndex] as number];
    if (!slot) return null;
    if (last === 'name' || last === 'firstname' || last === 'fullname') return `${slot}ChildName` as TargetField;
    if (last === 'weeklylimit' || last === 'sessionsperweek' || last === 'limit') return `${slot}ChildWeeklyLimit` as TargetField;
    // Issue 22: children[0].birthDate → 1st child date of birth; children[0].gender → 1st child sex.
    if (last === 'birthdate' || last === 'dateofbirth' || last === 'dob' || last === 'birthday') return `${slot}ChildBirthDate` as TargetField;
    if (last === 'sex' || last === 'gender') return `${slot}ChildSex` as TargetField;
    return null;
  }
  if (last === 'id' && keys.length >= 2 && ['contact', 'user', 'customer', 'client', 'member'].includes(norm(keys.at(-2)!))) return 'crmUserId';
  return BY_KEY[last] ?? null;
}

/**
 * Rules for the sample's fields whose target can be guessed, skipping targets the editor already fills, at
 * most `room` of them. E-mail is marked required and lower-cased, since an account is found by it.
 */
export function suggestRules(paths: ReadonlyArray<{ path: string }>, existing: readonly RuleFormValues[], room: number): RuleFormValues[] {
  const taken = new Set<string>(existing.map((rule) => rule.targetPath).filter(Boolean));
  const out: RuleFormValues[] = [];
  for (const { path } of paths) {
    if (out.length >= room) break;
    const target = guessTarget(path);
    if (!target || taken.has(target)) continue;
    taken.add(target);
    out.push({ ...EMPTY_RULE, sourcePath: path, targetPath: target, ...(target === 'email' ? { required: true, transform: 'toLower' as const } : {}) });
  }
  return out;
}
