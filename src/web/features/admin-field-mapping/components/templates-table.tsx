import type { TemplateDto } from '../../../../shared/schemas/field-mapping-templates';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { DataTable, TableEmptyState, type DataTableColumn } from '../../../components/data-table';
import { Badge } from '../../../components/ui/badge';
import { authorName, formatTemplateDate } from './template-form';

export type TemplateAction = 'edit' | 'delete';

interface TemplatesTableProps {
  templates: readonly TemplateDto[];
  loading: boolean;
  /** `opener` is the button focus returns to when the action's dialog closes. */
  onAction: (action: TemplateAction, template: TemplateDto, opener: HTMLElement | null) => void;
}

/**
 * Spec 2 and 3, field mapping templates: Name (and description), Source, Status, Version, Rules, Author,
 * Created, Updated (Toronto dates), the webhooks that use it, and Edit / Delete named with the template.
 */
export function TemplatesTable({ templates, loading, onAction }: TemplatesTableProps) {
  const columns: Array<DataTableColumn<TemplateDto>> = [
    {
      id: 'name',
      header: 'Name',
      cell: (template) => (
        <div className="grid min-w-40 max-w-64 gap-0.5">
          <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{template.name}</span>
          {template.description && (
            <span className="line-clamp-2 text-slate-600" title={template.description}>
              {template.description}
            </span>
          )}
        </div>
      ),
    },
    { id: 'source', headerClassName: 'px-2.5', className: 'px-2.5', header: 'Source', cell: (template) => <span className="whitespace-nowrap">{template.source}</span> },
    {
      id: 'status',
      headerClassName: 'px-2.5',
      className: 'px-2.5',
      header: 'Status',
      cell: (template) => <Badge variant={template.isActive ? 'success' : 'secondary'}>{template.isActive ? 'Active' : 'Inactive'}</Badge>,
    },
    { id: 'version', headerClassName: 'px-2.5', className: 'px-2.5', header: 'Version', cell: (template) => <span className="tabular-nums">v{template.version}</span> },
    { id: 'rules', headerClassName: 'px-2.5', className: 'px-2.5', header: 'Rules', cell: (template) => <span className="tabular-nums">{template.rules.length}</span> },
    { id: 'author', headerClassName: 'px-2.5', className: 'px-2.5', header: 'Author', cell: (template) => <span className="whitespace-nowrap">{authorName(template.createdBy)}</span> },
    { id: 'created', headerClassName: 'px-2.5', className: 'px-2.5', header: 'Created', cell: (template) => <span className="whitespace-nowrap">{formatTemplateDate(template.createdAt)}</span> },
    { id: 'updated', headerClassName: 'px-2.5', className: 'px-2.5', header: 'Updated', cell: (template) => <span className="whitespace-nowrap">{formatTemplateDate(template.updatedAt)}</span> },
    {
      id: 'used-by',
      headerClassName: 'px-2.5',
      className: 'px-2.5',
      header: 'Used by',
      cell: (template) =>
        template.usedBy.length ? (
          <span className="block min-w-24 [overflow-wrap:anywhere]">{template.usedBy.map((webhook) => webhook.name).join(', ')}</span>
        ) : (
          <span className="whitespace-nowrap text-slate-500">Not linked</span>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerClassName: 'pl-2.5 text-right',
      className: 'pl-2.5 text-right',
      cell: (template) => (
        <EditDeleteActions name={template.name} onEdit={(opener) => onAction('edit', template, opener)} onDelete={(opener) => onAction('delete', template, opener)} />
      ),
    },
  ];

  return (
    <DataTable
      caption="Field mapping templates"
      columns={columns}
      rows={templates}
      getRowId={(template) => template.id}
      loading={loading}
      minWidthClassName="min-w-[1000px]"
      empty={
        <TableEmptyState title="No field mapping templates yet">
          Create a template to map the fields of a CRM payload onto parent accounts, then link it to a webhook in Settings.
        </TableEmptyState>
      }
    />
  );
}
