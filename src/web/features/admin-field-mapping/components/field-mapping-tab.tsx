import { Plus } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import type { TemplateDto } from '../../../../shared/schemas/field-mapping-templates';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Button } from '../../../components/ui/button';
import { focusedElement, restoreFocus } from '../../../lib/restore-focus';
import { useTemplates } from '../api/get-templates';
import { DeleteTemplateDialog } from './delete-template-dialog';
import { TemplateEditor } from './template-editor';
import { TemplatesTable, type TemplateAction } from './templates-table';

type View = { mode: 'list' } | { mode: 'editor'; template: TemplateDto | null; key: number };

/**
 * Spec 2, Mapping tab: the field-mapping templates list, and in its place the template editor (new or edit)
 * with its live preview. Returning to the list puts focus on its heading.
 */
export function FieldMappingTab() {
  const ids = useId();
  const templates = useTemplates();
  const [view, setView] = useState<View>({ mode: 'list' });
  const [deleting, setDeleting] = useState<{ template: TemplateDto; open: boolean } | null>(null);
  const headingRef = useRef<HTMLHeadingElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const returnedRef = useRef(false);

  // Back from the editor: the list's heading takes focus, so keyboard users start from the top of the list.
  useEffect(() => {
    if (view.mode === 'list' && returnedRef.current) {
      returnedRef.current = false;
      headingRef.current?.focus();
    }
  }, [view]);

  function openEditor(template: TemplateDto | null) {
    setView((current) => ({ mode: 'editor', template, key: (current.mode === 'editor' ? current.key : 0) + 1 }));
  }
  function backToList() {
    returnedRef.current = true;
    setView({ mode: 'list' });
  }
  function onAction(action: TemplateAction, template: TemplateDto, opener: HTMLElement | null = focusedElement()) {
    if (action === 'edit') return openEditor(template);
    openerRef.current = opener;
    setDeleting({ template, open: true });
  }

  if (view.mode === 'editor') {
    return <TemplateEditor key={view.key} template={view.template} onDone={backToList} />;
  }

  return (
    <section aria-labelledby={`${ids}-heading`} className="grid grid-cols-1 gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="min-w-0 max-w-2xl flex-1 basis-72">
          <h2 id={`${ids}-heading`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
            Field Mapping Templates
          </h2>
          <p className="mt-1 text-sm text-slate-600">
            Reusable rules that turn a CRM webhook payload into the fields of a parent account; link one to a webhook in Settings.
          </p>
        </div>
        <Button onClick={() => openEditor(null)}>
          <Plus aria-hidden="true" />
          New Template
        </Button>
      </div>

      {templates.isError && (
        <QueryErrorAlert title="Failed to fetch field mapping templates" error={templates.error} onRetry={() => void templates.refetch()} />
      )}
      {!(templates.isError && !templates.data) && (
        <div aria-busy={templates.isFetching || undefined}>
          <TemplatesTable templates={templates.data?.templates ?? []} loading={templates.isPending} onAction={onAction} />
        </div>
      )}

      <DeleteTemplateDialog
        template={deleting?.template ?? null}
        open={deleting?.open ?? false}
        onOpenChange={(open) => setDeleting((current) => (current ? { ...current, open } : null))}
        onCloseAutoFocus={(event) => restoreFocus(event, openerRef.current, headingRef.current)}
      />
    </section>
  );
}
