import type { TemplateDto } from '../../../../shared/schemas/field-mapping-templates';
import { ConfirmDialog } from '../../../components/confirm-dialog';
import { toast } from '../../../hooks/use-toast';
import { apiErrorMessage } from '../../../lib/api';
import { useDeleteTemplate } from '../api/delete-template';

interface DeleteTemplateDialogProps {
  template: TemplateDto | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

/**
 * Asks before deleting a template. A refusal (a webhook configuration still uses it: 409) keeps the dialog open
 * and shows 'Delete Failed' with the server's reason.
 */
export function DeleteTemplateDialog({ template, open, onOpenChange, onCloseAutoFocus }: DeleteTemplateDialogProps) {
  const deleteTemplate = useDeleteTemplate();

  function confirm() {
    if (!template) return;
    deleteTemplate.mutate(
      { templateId: template.id },
      {
        onSuccess: () => {
          toast({ title: 'Template Deleted', description: `${template.name} has been deleted.` });
          onOpenChange(false);
        },
        onError: (error) => {
          toast({ variant: 'destructive', title: 'Delete Failed', description: apiErrorMessage(error, 'Failed to delete template') });
        },
      },
    );
  }

  const usedBy = template?.usedBy.map((webhook) => webhook.name) ?? [];
  return (
    <ConfirmDialog
      open={open && template !== null}
      onOpenChange={onOpenChange}
      title="Delete Template"
      description={
        template && (
          <>
            <p>
              Are you sure you want to delete the template <strong className="font-semibold text-slate-900 [overflow-wrap:anywhere]">{template.name}</strong>{' '}
              (v{template.version})? This action cannot be undone.
            </p>
            {usedBy.length > 0 && <p className="text-amber-900">It is used by {usedBy.join(', ')}; unlink it in Settings first.</p>}
          </>
        )
      }
      confirmLabel="Delete Template"
      pendingLabel="Deleting..."
      pending={deleteTemplate.isPending}
      destructive
      onConfirm={confirm}
      onCloseAutoFocus={onCloseAutoFocus}
    />
  );
}
