import { useEffect, useRef, useState } from 'react';
import { useFieldArray, useWatch, type UseFormReturn } from 'react-hook-form';
import type { SourcePathOption } from '../../../../shared/rules/field-mapping';
import { MAX_RULES_PER_TEMPLATE, type TemplateBody } from '../../../../shared/schemas/field-mapping-templates';
import { focusAfterRemove, suggestNoteOf, type PendingFocus } from './rules-editor-rules';
import { EMPTY_RULE, suggestRules, type TemplateFormValues } from './template-form';

/**
 * The rules editor's state: the rows, moving and removing one (focus follows the pressed button, or goes to 'Add
 * rule'), adding an empty rule or the rules the sample's fields suggest, and the note of what was suggested.
 */
export function useRulesEditor(form: UseFormReturn<TemplateFormValues, unknown, TemplateBody>, paths: readonly SourcePathOption[]) {
  const { control, formState } = form;
  const { fields, append, remove, move } = useFieldArray({ control, name: 'rules' });
  const rules = useWatch({ control, name: 'rules' });
  const tableRef = useRef<HTMLDivElement>(null);
  const addButtonRef = useRef<HTMLButtonElement>(null);
  const [pendingFocus, setPendingFocus] = useState<PendingFocus>(null);
  const [suggestNote, setSuggestNote] = useState('');

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
  function addRule() {
    append({ ...EMPTY_RULE }, { shouldFocus: true, focusName: `rules.${fields.length}.sourcePath` });
  }
  function addSuggestedRules() {
    const suggested = suggestRules(paths, rules ?? [], MAX_RULES_PER_TEMPLATE - fields.length);
    if (suggested.length > 0) append(suggested, { shouldFocus: false });
    setSuggestNote(suggestNoteOf(suggested.length));
  }

  return {
    fields,
    rules,
    tableRef,
    addButtonRef,
    rulesError: formState.errors.rules?.message ?? formState.errors.rules?.root?.message,
    full: fields.length >= MAX_RULES_PER_TEMPLATE,
    suggestNote,
    moveRule,
    removeRule,
    addRule,
    addSuggestedRules,
  };
}
