import { isTargetField, TARGET_FIELD_GROUPS, TARGET_FIELD_LABELS } from '../../shared/rules/field-mapping';

/** How a mapped value reads: text as is, anything else as JSON. */
export function mappedValueText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (value === undefined) return '';
  return JSON.stringify(value);
}

export interface MappedFieldGroup {
  label: string;
  rows: Array<{ field: string; label: string; value: string }>;
}

/**
 * Mapped data (a preview, or a logged delivery) grouped and ordered like the target field picker: contact,
 * children, account, system; any other key last, under 'Other'. Empty groups are left out.
 */
export function groupMappedFields(mapped: Record<string, unknown>): MappedFieldGroup[] {
  const present = (field: string) => Object.hasOwn(mapped, field) && mapped[field] !== undefined;
  const groups: MappedFieldGroup[] = TARGET_FIELD_GROUPS.map((group) => ({
    label: group.label,
    rows: group.fields.filter(present).map((field) => ({ field, label: TARGET_FIELD_LABELS[field], value: mappedValueText(mapped[field]) })),
  }));
  const others = Object.keys(mapped).filter((field) => !isTargetField(field) && present(field));
  groups.push({ label: 'Other', rows: others.map((field) => ({ field, label: field, value: mappedValueText(mapped[field]) })) });
  return groups.filter((group) => group.rows.length > 0);
}
