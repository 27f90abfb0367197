import { Eye } from 'lucide-react';
import type { WebhookLogSummary } from '../../../../shared/schemas/webhooks';
import { DataTable, TableEmptyState, type DataTableColumn } from '../../../components/data-table';
import { Button } from '../../../components/ui/button';
import { configurationLabel, durationLabel, receivedLabel } from './log-format';
import { LogStatusBadge } from './log-status-badge';

interface WebhookLogsTableProps {
  logs: readonly WebhookLogSummary[];
  loading: boolean;
  onView: (log: WebhookLogSummary, opener: HTMLElement) => void;
}

/** Received, Configuration, Status, Message, Time, IP and View, newest first. */
export function WebhookLogsTable({ logs, loading, onView }: WebhookLogsTableProps) {
  const columns: Array<DataTableColumn<WebhookLogSummary>> = [
    {
      id: 'received',
      header: 'Received',
      className: 'whitespace-nowrap tabular-nums text-slate-800',
      cell: (log) => <time dateTime={log.createdAt}>{receivedLabel(log.createdAt)}</time>,
    },
    {
      id: 'configuration',
      header: 'Configuration',
      cell: (log) => {
        const { text, deleted } = configurationLabel(log);
        return (
          <div className="grid min-w-36 max-w-56 gap-0.5">
            <span className={deleted ? 'font-mono text-xs text-slate-700' : 'font-medium text-slate-900'}>{text}</span>
            {deleted && <span className="text-xs text-slate-500">(deleted)</span>}
          </div>
        );
      },
    },
    {
      id: 'status',
      header: 'Status',
      cell: (log) => <LogStatusBadge responseStatus={log.responseStatus} />,
    },
    {
      id: 'message',
      header: 'Message',
      cell: (log) =>
        log.responseMessage ? (
          <p className="min-w-48 max-w-80 text-slate-700 [overflow-wrap:anywhere]">{log.responseMessage}</p>
        ) : (
          <span className="text-slate-500">—</span>
        ),
    },
    {
      id: 'time',
      header: 'Time',
      headerClassName: 'text-right',
      className: 'whitespace-nowrap text-right tabular-nums text-slate-700',
      cell: (log) => durationLabel(log.processingTimeMs),
    },
    {
      id: 'ip',
      header: 'IP',
      className: 'whitespace-nowrap font-mono text-xs text-slate-700',
      cell: (log) => log.ipAddress ?? '—',
    },
    {
      id: 'actions',
      header: <span className="sr-only">Actions</span>,
      className: 'relative text-right',
      cell: (log) => (
        <Button variant="outline" size="sm" onClick={(event) => onView(log, event.currentTarget)}>
          <Eye aria-hidden="true" />
          View<span className="sr-only"> delivery {receivedLabel(log.createdAt)}</span>
        </Button>
      ),
    },
  ];

  return (
    <DataTable
      caption="Webhook deliveries"
      columns={columns}
      rows={logs}
      getRowId={(log) => log.id}
      loading={loading}
      minWidthClassName="min-w-[980px]"
      empty={<TableEmptyState title="No webhook deliveries yet">Deliveries appear here as soon as your CRM sends one.</TableEmptyState>}
    />
  );
}
