import type { ReactNode } from 'react';
import { isTruncatedWebhookBody, type WebhookLogSummary } from '../../../../shared/schemas/webhooks';
import { JsonView } from '../../../components/json-view';
import { MappedFieldsTable } from '../../../components/mapped-fields-table';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../../components/ui/dialog';
import { Skeleton } from '../../../components/ui/skeleton';
import { groupMappedFields } from '../../../lib/mapped-fields';
import { useWebhookLog } from '../api/get-webhook-logs';
import { configurationLabel, durationLabel, parseMaybeJson, receivedLabel, truncatedBodyNote } from './log-format';
import { LogStatusBadge } from './log-status-badge';

interface WebhookLogDetailDialogProps {
  /** The row that was opened (its summary shows at once while the rest loads). */
  log: WebhookLogSummary | null;
  open: boolean;
  onOpenChange: (open: boolean) => void;
  onCloseAutoFocus?: (event: Event) => void;
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <section className="grid min-w-0 gap-2">
      <h3 className="text-sm font-semibold text-slate-900">{title}</h3>
      {children}
    </section>
  );
}

const isEmpty = (value: unknown) =>
  value === null || value === undefined || value === '' || (typeof value === 'object' && Object.keys(value as object).length === 0);

/** 'Webhook Delivery': the summary, then what was mapped, what went wrong, and the request as received. */
export function WebhookLogDetailDialog({ log, open, onOpenChange, onCloseAutoFocus }: WebhookLogDetailDialogProps) {
  const detail = useWebhookLog(open && log ? log.id : null);
  const shown = detail.data ?? log;
  const configuration = shown ? configurationLabel(shown) : null;

  return (
    <Dialog open={open && log !== null} onOpenChange={onOpenChange}>
      <DialogContent className="max-w-3xl" onCloseAutoFocus={onCloseAutoFocus}>
        <DialogHeader>
          <DialogTitle>Webhook Delivery</DialogTitle>
          <DialogDescription>{shown ? `Received ${receivedLabel(shown.createdAt)} (Toronto time).` : 'Loading...'}</DialogDescription>
        </DialogHeader>
        {shown && configuration && (
          <dl className="grid min-w-0 grid-cols-[auto_minmax(0,1fr)] gap-x-4 gap-y-2 rounded-lg border border-slate-200 bg-slate-50 p-4 text-sm">
            <dt className="text-slate-600">Status</dt>
            <dd>
              <LogStatusBadge responseStatus={shown.responseStatus} />
            </dd>
            <dt className="text-slate-600">Configuration</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">
              {configuration.text}
              {configuration.deleted && <span className="ml-1 text-slate-500">(deleted)</span>}
            </dd>
            <dt className="text-slate-600">Endpoint</dt>
            <dd className="font-mono text-xs text-slate-900 [overflow-wrap:anywhere]">
              {shown.method} /api/webhooks/{shown.endpoint}
            </dd>
            <dt className="text-slate-600">Received</dt>
            <dd className="text-slate-900">{receivedLabel(shown.createdAt)}</dd>
            <dt className="text-slate-600">Processing</dt>
            <dd className="text-slate-900">{durationLabel(shown.processingTimeMs)}</dd>
            <dt className="text-slate-600">IP address</dt>
            <dd className="font-mono text-xs text-slate-900">{shown.ipAddress ?? '—'}</dd>
            <dt className="text-slate-600">Message</dt>
            <dd className="text-slate-900 [overflow-wrap:anywhere]">{shown.responseMessage ?? '—'}</dd>
          </dl>
        )}

        {detail.isError ? (
          <QueryErrorAlert title="Failed to fetch the delivery" error={detail.error} onRetry={() => void detail.refetch()} />
        ) : !detail.data ? (
          <div className="grid gap-3" role="status" aria-label="Loading the delivery">
            <Skeleton className="h-5 w-32" />
            <Skeleton className="h-24" />
            <Skeleton className="h-24" />
          </div>
        ) : (
          <div className="grid min-w-0 gap-5">
            <Section title="Mapped data">
              {detail.data.mappedData && !isEmpty(detail.data.mappedData) ? (
                <MappedFieldsTable groups={groupMappedFields(detail.data.mappedData)} caption="Mapped data" />
              ) : (
                <p className="text-sm text-slate-500">Nothing was mapped from this delivery.</p>
              )}
            </Section>
            {detail.data.errorDetails && (
              <Section title="Errors">
                <JsonView label="Errors" value={parseMaybeJson(detail.data.errorDetails)} className="border-red-200 bg-red-50 whitespace-pre-wrap text-red-900" />
              </Section>
            )}
            <Section title="Headers">
              <JsonView label="Headers" value={detail.data.headers} />
            </Section>
            <Section title="Query">
              <JsonView label="Query" value={isEmpty(detail.data.queryParams) ? null : detail.data.queryParams} />
            </Section>
            <Section title="Body">
              {isTruncatedWebhookBody(detail.data.body) ? (
                <>
                  <p className="text-sm text-slate-600">{truncatedBodyNote(detail.data.body.bytes)}</p>
                  <JsonView label="Body" value={detail.data.body.text} />
                </>
              ) : (
                <JsonView label="Body" value={detail.data.body ?? null} />
              )}
            </Section>
          </div>
        )}
      </DialogContent>
    </Dialog>
  );
}
