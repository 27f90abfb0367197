import { useQueryClient } from '@tanstack/react-query';
import { Eraser, RotateCw } from 'lucide-react';
import { useId, useRef, useState } from 'react';
import { DEFAULT_WEBHOOK_LOG_LIMIT, WEBHOOK_LOG_LIMITS, type WebhookLogSummary } from '../../../../shared/schemas/webhooks';
import { QueryErrorAlert } from '../../../components/query-error-alert';
import { Button } from '../../../components/ui/button';
import { Label } from '../../../components/ui/label';
import { NativeSelect } from '../../../components/ui/native-select';
import { toast } from '../../../hooks/use-toast';
import { webhooksKeys } from '../../../lib/admin-queries';
import { apiErrorMessage } from '../../../lib/api';
import { focusedElement, restoreFocus } from '../../../lib/restore-focus';
import { cn } from '../../../lib/utils';
import { useWebhookConfigs, useWebhookLogs } from '../api/get-webhook-logs';
import { CleanLogsDialog } from './clean-logs-dialog';
import { WebhookLogDetailDialog } from './webhook-log-detail-dialog';
import { WebhookLogsTable } from './webhook-logs-table';

/** Logs tab: deliveries by configuration, limit, refresh, clean old, table and detail dialog. */
export function WebhookLogsTab() {
  const ids = useId();
  const queryClient = useQueryClient();
  const headingRef = useRef<HTMLHeadingElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const [webhookId, setWebhookId] = useState('');
  const [limit, setLimit] = useState<number>(DEFAULT_WEBHOOK_LOG_LIMIT);
  const [viewing, setViewing] = useState<{ log: WebhookLogSummary; open: boolean } | null>(null);
  const [cleaning, setCleaning] = useState(false);
  const logs = useWebhookLogs({ webhookId, limit });
  const configs = useWebhookConfigs();
  const onCloseAutoFocus = (event: Event) => restoreFocus(event, openerRef.current, headingRef.current);

  async function refresh() {
    // Deliveries also change the configurations' trigger counts.
    void queryClient.invalidateQueries({ queryKey: webhooksKeys.all });
    const result = await logs.refetch();
    if (result.isError) toast({ variant: 'destructive', title: 'Failed to fetch webhook logs', description: apiErrorMessage(result.error, 'Please try again.') });
  }

  const configList = configs.data?.webhooks ?? [];
  // A filter on a configuration deleted meanwhile stays selectable until it is changed.
  const filterMissing = webhookId !== '' && configs.isSuccess && !configList.some((config) => config.id === webhookId);
  const rows = logs.data?.logs ?? [];

  return (
    <section aria-labelledby={`${ids}-heading`} className="grid grid-cols-1 gap-4">
      <div className="max-w-2xl">
        <h2 id={`${ids}-heading`} ref={headingRef} tabIndex={-1} className="text-xl font-semibold text-slate-900 focus:outline-none">
          Webhook Logs
        </h2>
        <p className="mt-1 text-sm text-slate-600">
          Every delivery your CRM sent, newest first, with what the portal answered. Secrets and signatures are never stored.
        </p>
      </div>

      <div className="flex flex-wrap items-end gap-3 rounded-lg border border-slate-200 bg-white p-3">
        <div className="grid min-w-0 flex-1 basis-56 gap-1.5">
          <Label htmlFor={`${ids}-config`}>Configuration</Label>
          <NativeSelect id={`${ids}-config`} value={webhookId} onChange={(event) => setWebhookId(event.target.value)} className="h-9">
            <option value="">All configurations</option>
            {filterMissing && <option value={webhookId}>(deleted configuration)</option>}
            {configList.map((config) => (
              <option key={config.id} value={config.id}>
                {config.name}
                {config.isActive ? '' : ' (inactive)'}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="grid gap-1.5">
          <Label htmlFor={`${ids}-limit`}>Show</Label>
          <NativeSelect id={`${ids}-limit`} value={limit} onChange={(event) => setLimit(Number(event.target.value))} className="h-9 w-24">
            {WEBHOOK_LOG_LIMITS.map((size) => (
              <option key={size} value={size}>
                {size}
              </option>
            ))}
          </NativeSelect>
        </div>
        <div className="flex flex-wrap gap-2">
          <Button variant="outline" size="sm" onClick={() => void refresh()} disabled={logs.isFetching} aria-busy={logs.isFetching || undefined}>
            <RotateCw aria-hidden="true" className={cn(logs.isFetching && 'animate-spin')} />
            Refresh
          </Button>
          <Button
            variant="outline"
            size="sm"
            className="text-red-700 hover:bg-red-50 hover:text-red-800"
            onClick={() => {
              openerRef.current = focusedElement();
              setCleaning(true);
            }}
          >
            <Eraser aria-hidden="true" />
            Clean old
          </Button>
        </div>
      </div>

      {logs.isError && <QueryErrorAlert title="Failed to fetch webhook logs" error={logs.error} onRetry={() => void logs.refetch()} />}
      {!(logs.isError && !logs.data) && (
        <>
          <p className="text-sm text-slate-700" aria-live="polite">
            {logs.isPending ? 'Loading...' : `${rows.length} ${rows.length === 1 ? 'delivery' : 'deliveries'} shown${rows.length >= limit ? ` (the newest ${limit})` : ''}`}
          </p>
          <div className={cn('transition-opacity', logs.isPlaceholderData && 'opacity-60')} aria-busy={logs.isFetching || undefined}>
            <WebhookLogsTable
              logs={rows}
              loading={logs.isPending}
              onView={(log, opener) => {
                openerRef.current = opener;
                setViewing({ log, open: true });
              }}
            />
          </div>
        </>
      )}

      <WebhookLogDetailDialog
        log={viewing?.log ?? null}
        open={viewing?.open ?? false}
        onOpenChange={(open) => setViewing((current) => (current ? { ...current, open } : null))}
        onCloseAutoFocus={onCloseAutoFocus}
      />
      <CleanLogsDialog open={cleaning} onOpenChange={setCleaning} onCloseAutoFocus={onCloseAutoFocus} />
    </section>
  );
}
