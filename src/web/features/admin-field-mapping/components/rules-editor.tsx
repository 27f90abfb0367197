import { Plus, Sparkles } from 'lucide-react';
import { useId } from 'react';
import type { UseFormReturn } from 'react-hook-form';
import type { SourcePathOption } from '../../../../shared/rules/field-mapping';
import { MAX_RULES_PER_TEMPLATE, type TemplateBody } from '../../../../shared/schemas/field-mapping-templates';
import { Button } from '../../../components/ui/button';
import { FormMessage } from '../../../components/ui/form-message';
import { RuleRow, RulesTableHead } from './rule-row';
import type { TemplateFormValues } from './template-form';
import { useRulesEditor } from './use-rules-editor';

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
 * with the row number. The table scrolls sideways on a phone. The state is useRulesEditor's (use-rules-editor.ts).
 */
export function RulesEditor({ form, headingId, sample, hasSample, paths }: RulesEditorProps) {
  const ids = useId();
  const datalistId = `${ids}-paths`;
  const { tableRef, addButtonRef, ...editor } = useRulesEditor(form, paths);
  const { fields, rules, full } = editor;

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
          <RulesTableHead />
          <tbody className="divide-y divide-slate-200">
            {fields.length === 0 && (
              <tr>
                <td colSpan={7} className="px-4 py-8 text-center text-sm text-slate-600">
                  No rules yet. Add a rule, then pick a source path from the sample's fields.
                </td>
              </tr>
            )}
            {fields.map((field, index) => (
              <RuleRow
                key={field.id}
                index={index}
                count={fields.length}
                idPrefix={`${ids}-${field.id}`}
                datalistId={datalistId}
                register={form.register}
                errors={form.formState.errors.rules?.[index]}
                path={rules?.[index]?.sourcePath ?? ''}
                sample={sample}
                hasSample={hasSample}
                onMove={editor.moveRule}
                onRemove={editor.removeRule}
              />
            ))}
          </tbody>
        </table>
      </div>
      <FormMessage>{editor.rulesError}</FormMessage>
      <div className="flex flex-wrap items-center gap-2">
        <Button ref={addButtonRef} variant="outline" disabled={full} onClick={editor.addRule}>
          <Plus aria-hidden="true" />
          Add rule
        </Button>
        <Button variant="outline" disabled={full || !hasSample || paths.length === 0} onClick={editor.addSuggestedRules}>
          <Sparkles aria-hidden="true" />
          Add suggested rules
        </Button>
        {full && <p className="text-sm text-slate-600">A template can have at most {MAX_RULES_PER_TEMPLATE} rules.</p>}
        <p className="text-sm text-slate-600" aria-live="polite">
          {editor.suggestNote}
        </p>
      </div>
    </section>
  );
}
