import { ArrowDown, ArrowUp, Trash2 } from 'lucide-react';
import type { FieldErrors, UseFormRegister } from 'react-hook-form';
import { SOURCE_PATH_MESSAGE, TARGET_FIELD_GROUPS, TARGET_FIELD_LABELS, TRANSFORMS, type Transform } from '../../../../shared/rules/field-mapping';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormMessage } from '../../../components/ui/form-message';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { Tooltip } from '../../../components/ui/tooltip';
import { describedByOf, pathErrorOf, sampleHint } from './rules-editor-rules';
import type { TemplateFormValues } from './template-form';

const TRANSFORM_LABELS: Record<Transform, string> = { none: 'None', trim: 'Trim', toLower: 'Lower case', toUpper: 'Upper case' };

/** The rules table's head row. */
export function RulesTableHead() {
  return (
    <thead className="bg-slate-50 text-xs font-semibold uppercase tracking-wide text-slate-600">
      <tr>
        <th scope="col" className="w-10 px-3 py-2">
          #
        </th>
        <th scope="col" className="px-3 py-2">
          Source path
        </th>
        <th scope="col" className="px-3 py-2">
          Target field
        </th>
        <th scope="col" className="px-3 py-2 text-center">
          Required
        </th>
        <th scope="col" className="px-3 py-2">
          Transform
        </th>
        <th scope="col" className="px-3 py-2">
          Notes
        </th>
        <th scope="col" className="px-3 py-2 text-right">
          Actions
        </th>
      </tr>
    </thead>
  );
}

interface RuleRowProps {
  index: number;
  count: number;
  /** The ids of this row's hint and messages start with it. */
  idPrefix: string;
  datalistId: string;
  register: UseFormRegister<TemplateFormValues>;
  errors: NonNullable<FieldErrors<TemplateFormValues>['rules']>[number] | undefined;
  path: string;
  sample: unknown;
  hasSample: boolean;
  onMove: (from: number, to: number, action: 'up' | 'down') => void;
  onRemove: (index: number) => void;
}

/** One rule: source path (with the sample's value as a hint), target field, required, transform, notes, and its buttons. */
export function RuleRow({ index, count, idPrefix, datalistId, register, errors, path, sample, hasSample, onMove, onRemove }: RuleRowProps) {
  const n = index + 1;
  const pathError = pathErrorOf(errors?.sourcePath?.message, path, SOURCE_PATH_MESSAGE);
  const targetError = errors?.targetPath?.message;
  const notesError = errors?.notes?.message;
  const hint = sampleHint(sample, hasSample, path);
  const pathErrorId = `${idPrefix}-path-error`;
  const pathHintId = `${idPrefix}-path-hint`;
  return (
    <tr data-rule-row={index} className="align-top">
      <td className="px-3 py-3 pt-5 text-slate-600 tabular-nums">{n}</td>
      <td className="w-64 min-w-60 px-3 py-3">
        <Input
          list={datalistId}
          aria-label={`Source path, rule ${n}`}
          placeholder="contact.email"
          autoComplete="off"
          spellCheck={false}
          className="font-mono"
          aria-invalid={pathError ? true : undefined}
          aria-describedby={describedByOf(hint && pathHintId, pathError && pathErrorId)}
          {...register(`rules.${index}.sourcePath`)}
        />
        {hint && (
          <p id={pathHintId} className="mt-1 max-w-60 truncate text-xs text-slate-600" title={hint}>
            {hint}
          </p>
        )}
        <FormMessage id={pathErrorId} className="mt-1 text-xs">
          {pathError}
        </FormMessage>
      </td>
      <td className="min-w-52 px-3 py-3">
        <NativeSelect
          aria-label={`Target field, rule ${n}`}
          aria-invalid={targetError ? true : undefined}
          aria-describedby={targetError ? `${idPrefix}-target-error` : undefined}
          {...register(`rules.${index}.targetPath`)}
        >
          <option value="">Choose a field…</option>
          {TARGET_FIELD_GROUPS.map((group) => (
            <optgroup key={group.group} label={group.label}>
              {group.fields.map((target) => (
                <option key={target} value={target}>
                  {TARGET_FIELD_LABELS[target]}
                </option>
              ))}
            </optgroup>
          ))}
        </NativeSelect>
        <FormMessage id={`${idPrefix}-target-error`} className="mt-1 text-xs">
          {targetError}
        </FormMessage>
      </td>
      <td className="px-3 py-3 pt-5 text-center">
        <Checkbox aria-label={`Required, rule ${n}`} {...register(`rules.${index}.required`)} />
      </td>
      <td className="min-w-40 px-3 py-3">
        <NativeSelect aria-label={`Transform, rule ${n}`} {...register(`rules.${index}.transform`)}>
          {TRANSFORMS.map((transform) => (
            <option key={transform} value={transform}>
              {TRANSFORM_LABELS[transform]}
            </option>
          ))}
        </NativeSelect>
      </td>
      <td className="min-w-44 px-3 py-3">
        <Input aria-label={`Notes, rule ${n}`} autoComplete="off" aria-invalid={notesError ? true : undefined} {...register(`rules.${index}.notes`)} />
        <FormMessage className="mt-1 text-xs">{notesError}</FormMessage>
      </td>
      <td className="px-3 py-3">
        <div className="flex justify-end gap-1">
          <RuleAction action="up" tooltip="Move up" label={`Move rule ${n} up`} disabled={index === 0} onClick={() => onMove(index, index - 1, 'up')}>
            <ArrowUp aria-hidden="true" />
          </RuleAction>
          <RuleAction action="down" tooltip="Move down" label={`Move rule ${n} down`} disabled={index === count - 1} onClick={() => onMove(index, index + 1, 'down')}>
            <ArrowDown aria-hidden="true" />
          </RuleAction>
          <RuleAction
            action="remove"
            tooltip="Remove"
            label={`Remove rule ${n}`}
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={() => onRemove(index)}
          >
            <Trash2 aria-hidden="true" />
          </RuleAction>
        </div>
      </td>
    </tr>
  );
}

/** One of a rule row's icon buttons: its tooltip, its accessible name, and the hook the tests find it by. */
function RuleAction({
  action,
  tooltip,
  label,
  className,
  disabled,
  onClick,
  children,
}: {
  action: 'up' | 'down' | 'remove';
  tooltip: string;
  label: string;
  className?: string;
  disabled?: boolean;
  onClick: () => void;
  children: React.ReactNode;
}) {
  return (
    <Tooltip content={tooltip}>
      <Button
        variant="ghost"
        size="icon"
        className={className ? `size-9 ${className}` : 'size-9'}
        data-rule-action={action}
        aria-label={label}
        disabled={disabled}
        onClick={onClick}
      >
        {children}
      </Button>
    </Tooltip>
  );
}
