import { ShieldAlert, ShieldCheck } from 'lucide-react';
import type { WebhookDto } from '../../../../shared/schemas/webhooks';
import { CopyButton } from '../../../components/copy-button';
import { EditDeleteActions } from '../../../components/edit-delete-actions';
import { DataTable, TableEmptyState, type DataTableColumn } from '../../../components/data-table';
import { Badge } from '../../../components/ui/badge';
import { Tooltip } from '../../../components/ui/tooltip';
import { ActiveSwitch } from './active-switch';
import { lastTriggeredLabel } from './webhook-form';

export type WebhookAction = 'edit' | 'delete';

interface WebhooksTableProps {
  webhooks: readonly WebhookDto[];
  loading: boolean;
  /** Ids whose Active switch is being saved. */
  toggling: ReadonlySet<string>;
  onToggleActive: (webhook: WebhookDto, isActive: boolean) => void;
  /** `opener` is the button focus returns to when the dialog closes. */
  onAction: (action: WebhookAction, webhook: WebhookDto, opener: HTMLElement | null) => void;
}

/** Spec 2, Settings: Name, Receiver URL, Status (Active switch), Triggers, Last triggered, Signature, Actions. */
export function WebhooksTable({ webhooks, loading, toggling, onToggleActive, onAction }: WebhooksTableProps) {
  const columns: Array<DataTableColumn<WebhookDto>> = [
    {
      id: 'name',
      header: 'Name',
      cell: (webhook) => (
        <div className="grid min-w-36 max-w-52 gap-0.5">
          <span className="font-medium text-slate-900">{webhook.name}</span>
          {webhook.description && <span className="text-xs text-slate-600">{webhook.description}</span>}
          {webhook.templateName && <span className="text-xs text-slate-600">Template: {webhook.templateName}</span>}
        </div>
      ),
    },
    {
      id: 'receiver',
      header: 'Receiver URL',
      headerClassName: 'whitespace-nowrap',
      // relative: the copy button's screen-reader text stays inside the scrolling table.
      className: 'relative',
      cell: (webhook) => (
        <div className="flex min-w-52 max-w-64 items-center gap-1">
          <code className="min-w-0 font-mono text-xs break-all text-slate-800">{webhook.receiverUrl}</code>
          <Tooltip content="Copy receiver URL">
            <CopyButton
              value={webhook.receiverUrl}
              label={`Copy receiver URL of ${webhook.name}`}
              description="The receiver URL is on your clipboard."
              size="icon"
              variant="ghost"
              className="size-8"
            >
              <span className="sr-only">Copy</span>
            </CopyButton>
          </Tooltip>
        </div>
      ),
    },
    {
      id: 'status',
      header: 'Status',
      cell: (webhook) => (
        <ActiveSwitch
          checked={webhook.isActive}
          label={`Active: ${webhook.name}`}
          disabled={toggling.has(webhook.id)}
          onCheckedChange={(isActive) => onToggleActive(webhook, isActive)}
        />
      ),
    },
    {
      id: 'triggers',
      header: 'Triggers',
      headerClassName: 'text-right',
      className: 'text-right tabular-nums text-slate-800',
      cell: (webhook) => webhook.triggerCount.toLocaleString('en-CA'),
    },
    {
      id: 'last-triggered',
      header: 'Last triggered',
      headerClassName: 'whitespace-nowrap',
      className: 'whitespace-nowrap',
      cell: (webhook) => <span className={webhook.lastTriggered ? 'text-slate-800' : 'text-slate-500'}>{lastTriggeredLabel(webhook.lastTriggered)}</span>,
    },
    {
      id: 'signature',
      header: 'Signature',
      cell: (webhook) =>
        webhook.hasSecret ? (
          <Badge variant="success">
            <ShieldCheck aria-hidden="true" />
            Signed
          </Badge>
        ) : (
          <Badge variant="danger" title="Every delivery is refused until a secret key is set. Edit the configuration to add one.">
            <ShieldAlert aria-hidden="true" />
            No secret — not receiving
          </Badge>
        ),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerClassName: 'text-right',
      className: 'relative text-right',
      cell: (webhook) => (
        <EditDeleteActions name={webhook.name} onEdit={(opener) => onAction('edit', webhook, opener)} onDelete={(opener) => onAction('delete', webhook, opener)} />
      ),
    },
  ];

  return (
    <DataTable
      caption="Webhook configurations"
      columns={columns}
      rows={webhooks}
      getRowId={(webhook) => webhook.id}
      loading={loading}
      minWidthClassName="min-w-[940px]"
      empty={
        <TableEmptyState title="No webhook configurations yet">
          Add one, then paste its receiver URL (and secret) into your CRM so plan purchases create parent accounts.
        </TableEmptyState>
      }
    />
  );
}
