import { ArrowLeft, Save } from 'lucide-react';
import { useEffect, useId, useRef } from 'react';
import type { TemplateDto } from '../../../../shared/schemas/field-mapping-templates';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { Button } from '../../../components/ui/button';
import { PreviewPanel } from './preview-panel';
import { RulesEditor } from './rules-editor';
import { SampleCard, TemplateDetailsFields } from './template-editor-parts';
import { saveLabel, templateTitle } from './template-editor-rules';
import { useTemplateEditor } from './use-template-editor';

export { PREVIEW_DELAY_MS } from './use-template-editor';

interface TemplateEditorProps {
  /** The template edited, or null for a new one. Mount afresh (a key) for each opening. */
  template: TemplateDto | null;
  /** Back to the list (after a save, or when the user leaves). */
  onDone: () => void;
}

/**
 * Spec 2, 3 and 5, the template editor: name, source, description, active; a sample payload (typed, the latest
 * webhook delivery or the source's sample) whose fields feed the rules' path suggestions; the rules; and a live
 * preview of what the rules make of the sample. Name and Source are required and the sample must be JSON.
 * The state, preview and save are useTemplateEditor's (use-template-editor.ts).
 */
export function TemplateEditor({ template, onDone }: TemplateEditorProps) {
  const ids = useId();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const editor = useTemplateEditor(template, onDone);
  const { form, pending, leave } = editor;

  useEffect(() => {
    headingRef.current?.focus();
  }, []);

  return (
    <section aria-labelledby={`${ids}-heading`} className="grid grid-cols-1 gap-5">
      <div className="grid gap-2">
        <Button variant="ghost" size="sm" className="-ml-2 w-fit" onClick={leave}>
          <ArrowLeft aria-hidden="true" />
          Back to templates
        </Button>
        <h2 id={`${ids}-heading`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 [overflow-wrap:anywhere] focus:outline-none">
          {templateTitle(template)}
        </h2>
        <p className="text-sm text-slate-600">Fields marked * are required. The preview maps the sample with the rules below; nothing is saved until you press Save.</p>
      </div>

      <form onSubmit={editor.onSubmit} noValidate className="grid grid-cols-1 gap-6">
        <fieldset disabled={pending} className="grid min-w-0 grid-cols-1 gap-6">
          <legend className="sr-only">Template</legend>
          <TemplateDetailsFields register={form.register} errors={editor.errors} />

          <div className="grid grid-cols-1 gap-4 lg:grid-cols-2">
            <SampleCard
              register={form.register}
              error={editor.sampleError}
              note={editor.sampleNote}
              loading={editor.loading}
              onLoadLatest={() => void editor.loadLatest()}
              onLoadSourceSample={() => void editor.loadSourceSample()}
            />
            <PreviewPanel headingId={`${ids}-preview`} {...editor.preview} />
          </div>

          <RulesEditor form={form} headingId={`${ids}-rules`} sample={editor.sampleValue} hasSample={editor.sample.kind === 'valid'} paths={editor.paths} />
        </fieldset>

        <div className="flex flex-wrap justify-end gap-2 border-t border-slate-200 pt-4">
          <Button variant="outline" onClick={leave} disabled={pending}>
            Cancel
          </Button>
          <Button type="submit" disabled={pending}>
            <Save aria-hidden="true" />
            {saveLabel(pending, template !== null)}
          </Button>
        </div>
      </form>

      <ConfirmDialog
        open={editor.confirmLeave}
        onOpenChange={editor.setConfirmLeave}
        title="Discard unsaved changes?"
        description={<p>You have changes to this template that are not saved. Leave the editor and lose them?</p>}
        confirmLabel="Discard changes"
        pendingLabel="Leaving..."
        cancelLabel="Keep editing"
        pending={false}
        destructive
        onConfirm={() => {
          editor.setConfirmLeave(false);
          onDone();
        }}
      />
    </section>
  );
}
