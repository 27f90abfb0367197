import { ArrowDown, ArrowUp, Plus, Sparkles, Trash2 } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import {
  SOURCE_PATH_MESSAGE,
  TARGET_FIELD_GROUPS,
  TARGET_FIELD_LABELS,
  TRANSFORMS,
  type SourcePathOption,
  type Transform,
} from '../../../../shared/rules/field-mapping';
import { MAX_RULES_PER_TEMPLATE, type TemplateBody } from '../../../../shared/schemas/field-mapping-templates';
import { Button } from '../../../components/ui/button';
import { Checkbox } from '../../../components/ui/checkbox';
import { FormMessage } from '../../../components/ui/form-message';
import { Input } from '../../../components/ui/input';
import { NativeSelect } from '../../../components/ui/native-select';
import { Tooltip } from '../../../components/ui/tooltip';
import { focusAfterRemove, sampleHint, suggestNoteOf, type PendingFocus } from './rules-editor-rules';
import { EMPTY_RULE, isBadSourcePath, suggestRules, type TemplateFormValues } from './template-form';

const TRANSFORM_LABELS: Record<Transform, string> = { none: 'None', trim: 'Trim', toLower: 'Lower case', toUpper: 'Upper case' };

interface RulesEditorProps {
  form: UseFormReturn<TemplateFormValues, unknown, TemplateBody>;
  headingId: string;
  /** The parsed sample, or undefined when there is none (or it does not parse). */
  sample: unknown;
  hasSample: boolean;
  paths: readonly SourcePathOption[];
}

/**
 * The rules of a template, one table row each: source path (suggested from the sample's fields, with the
 * sample's value as a hint), target field, required, transform and notes, plus move and remove buttons named
 * with the row number. The table scrolls sideways on a phone.
 */
export function RulesEditor({ form, headingId, sample, hasSample, paths }: RulesEditorProps) {
  const ids = useId();
  const datalistId = `${ids}-paths`;
  const { control, register, formState } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'rules' });
  const rules = useWatch({ control, name: 'rules' });
  const tableRef = useRef<HTMLDivElement>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const [pendingFocus, setPendingFocus] = useState<PendingFocus>(null);
  const [suggestNote, setSuggestNote] = useState('');
  const rulesError = formState.errors.rules?.message ?? formState.errors.rules?.root?.message;
  const full = fields.length >= MAX_RULES_PER_TEMPLATE;

  useEffect(() => {
    if (!pendingFocus) return;
    const row = 'index' in pendingFocus ? tableRef.current?.querySelector<HTMLElement>(`[data-rule-row="${pendingFocus.index}"]`) : null;
    const wanted = row?.querySelector<HTMLButtonElement>(`[data-rule-action="${pendingFocus.action}"]:not(:disabled)`);
    const target = wanted ?? row?.querySelector<HTMLButtonElement>('[data-rule-action]:not(:disabled)') ?? addButtonRef.current;
    target?.focus();
    // Focus moves once per request; clearing the request here does not start another render loop.
    // eslint-disable-next-line react-hooks/set-state-in-effect
    setPendingFocus(null);
  }, [pendingFocus]);

  function moveRule(from: number, to: number, action: 'up' | 'down') {
    move(from, to);
    setPendingFocus({ index: to, action });
  }
  function removeRule(index: number) {
    remove(index);
    setPendingFocus(focusAfterRemove(index, fields.length));
  }

  function addSuggestedRules() {
    const suggested = suggestRules(paths, rules ?? [], MAX_RULES_PER_TEMPLATE - fields.length);
    if (suggested.length > 0) append(suggested, { shouldFocus: false });
    setSuggestNote(suggestNoteOf(suggested.length));
  }

  return (
    <section aria-labelledby={headingId} className="grid content-start gap-3">
      <div className="flex flex-wrap items-end justify-between gap-2">
        <div>
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            Rules
          </h3>
          <p className="text-sm text-slate-600">
            Each rule copies one value of the payload into one account field, top to bottom; when two rules fill the same field, the first with a value wins.
          </p>
        </div>
        <p className="text-sm text-slate-600 tabular-nums">
          {fields.length} of {MAX_RULES_PER_TEMPLATE} rules
        </p>
      </div>

      <datalist id={datalistId}>
        {paths.map((option) => (
          <option key={option.path} value={option.path} label={option.example} />
        ))}
      </datalist>

      <div ref={tableRef} className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
        <table className="w-full min-w-[1040px] border-collapse text-left text-sm">
          <caption className="sr-only">Mapping rules</caption>
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
          <tbody className="divide-y divide-slate-200">
            {fields.length === 0 && (
              <tr>
                <td colSpan={7} className="px-4 py-8 text-center text-sm text-slate-600">
                  No rules yet. Add a rule, then pick a source path from the sample's fields.
                </td>
              </tr>
            )}
            {fields.map((field, index) => {
              const n = index + 1;
              const rowErrors = formState.errors.rules?.[index];
              const path = rules?.[index]?.sourcePath ?? '';
              const pathError = rowErrors?.sourcePath?.message ?? (isBadSourcePath(path) ? SOURCE_PATH_MESSAGE : undefined);
              const targetError = rowErrors?.targetPath?.message;
              const notesError = rowErrors?.notes?.message;
              const hint = sampleHint(sample, hasSample, path);
              const pathErrorId = `${ids}-${field.id}-path-error`;
              const pathHintId = `${ids}-${field.id}-path-hint`;
              return (
                <tr key={field.id} data-rule-row={index} className="align-top">
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
                      aria-describedby={[hint ? pathHintId : '', pathError ? pathErrorId : ''].filter(Boolean).join(' ') || undefined}
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
                      aria-describedby={targetError ? `${ids}-${field.id}-target-error` : undefined}
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
                    <FormMessage id={`${ids}-${field.id}-target-error`} className="mt-1 text-xs">
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
                    <Input
                      aria-label={`Notes, rule ${n}`}
                      autoComplete="off"
                      aria-invalid={notesError ? true : undefined}
                      {...register(`rules.${index}.notes`)}
                    />
                    <FormMessage className="mt-1 text-xs">{notesError}</FormMessage>
                  </td>
                  <td className="px-3 py-3">
                    <div className="flex justify-end gap-1">
                      <RuleAction action="up" tooltip="Move up" label={`Move rule ${n} up`} disabled={index === 0} onClick={() => moveRule(index, index - 1, 'up')}>
                        <ArrowUp aria-hidden="true" />
                      </RuleAction>
                      <RuleAction
                        action="down"
                        tooltip="Move down"
                        label={`Move rule ${n} down`}
                        disabled={index === fields.length - 1}
                        onClick={() => moveRule(index, index + 1, 'down')}
                      >
                        <ArrowDown aria-hidden="true" />
                      </RuleAction>
                      <RuleAction
                        action="remove"
                        tooltip="Remove"
                        label={`Remove rule ${n}`}
                        className="text-red-700 hover:bg-red-50 hover:text-red-800"
                        onClick={() => removeRule(index)}
                      >
                        <Trash2 aria-hidden="true" />
                      </RuleAction>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
      <FormMessage>{rulesError}</FormMessage>
      <div className="flex flex-wrap items-center gap-2">
        <Button ref={addButtonRef} variant="outline" disabled={full} onClick={() => append({ ...EMPTY_RULE }, { shouldFocus: true, focusName: `rules.${fields.length}.sourcePath` })}>
          <Plus aria-hidden="true" />
          Add rule
        </Button>
        <Button variant="outline" disabled={full || !hasSample || paths.length === 0} onClick={addSuggestedRules}>
          <Sparkles aria-hidden="true" />
          Add suggested rules
        </Button>
        {full && <p className="text-sm text-slate-600">A template can have at most {MAX_RULES_PER_TEMPLATE} rules.</p>}
        <p className="text-sm text-slate-600" aria-live="polite">
          {suggestNote}
        </p>
      </div>
    </section>
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
