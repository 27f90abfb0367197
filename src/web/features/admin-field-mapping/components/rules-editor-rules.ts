import { readPath } from '../../../../shared/rules/field-mapping';
import { mappedValueText } from '../../../lib/mapped-fields';
import { isBadSourcePath } from './template-form';

/** Where focus goes after a row moves or goes away (the row's own buttons move with it, or disappear). */
export type PendingFocus = { index: number; action: 'up' | 'down' } | { index: number; action: 'remove' } | { action: 'add-button' } | null;

/** The sample's value at a path, as a short hint under the path input. */
export function sampleHint(sample: unknown, hasSample: boolean, path: string): string | null {
  const trimmed = path.trim();
  if (!hasSample || !trimmed || isBadSourcePath(trimmed)) return null;
  const value = readPath(sample, trimmed);
  if (value === undefined) return 'Not in the sample';
  const text = value !== null && typeof value === 'object' ? 'a list or an object' : mappedValueText(value);
  return `Sample: ${text.length > 60 ? `${text.slice(0, 59)}…` : text}`;
}

/** After row `index` of `count` is removed: the Remove button of the row now in its place (else the last), or 'Add rule'. */
export function focusAfterRemove(index: number, count: number): PendingFocus {
  const left = count - 1;
  return left === 0 ? { action: 'add-button' } : { index: Math.min(index, left - 1), action: 'remove' };
}

/** What 'Suggest rules' did, read out beside it. */
export function suggestNoteOf(added: number): string {
  return added === 0
    ? 'No further fields of the sample match a target field by name.'
    : `Added ${added} suggested ${added === 1 ? 'rule' : 'rules'}; check each target before saving.`;
}

/** A source path's error: the form's own, else the path's shape (checked as it is typed), else none. */
export function pathErrorOf(formError: string | undefined, path: string, message: string): string | undefined {
  return formError ?? (isBadSourcePath(path) ? message : undefined);
}

/** The ids an input is described by (its hint, its error), or undefined when it has neither. */
export function describedByOf(...ids: (string | false | null | undefined)[]): string | undefined {
  return ids.filter(Boolean).join(' ') || undefined;
}
