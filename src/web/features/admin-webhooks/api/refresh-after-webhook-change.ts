import type { QueryClient } from '@tanstack/react-query';
import { ADMIN_TEMPLATES_QUERY_KEY, ADMIN_WEBHOOK_LOGS_QUERY_KEY, ADMIN_WEBHOOKS_QUERY_KEY } from '../../../lib/admin-query-keys';

/**
 * A configuration changed: the list; the templates (each lists the configurations using it); the logs (they
 * show the configuration's current name, '(deleted)' once it is gone).
 */
export async function refreshAfterWebhookChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [ADMIN_WEBHOOKS_QUERY_KEY, ADMIN_TEMPLATES_QUERY_KEY, ADMIN_WEBHOOK_LOGS_QUERY_KEY].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
