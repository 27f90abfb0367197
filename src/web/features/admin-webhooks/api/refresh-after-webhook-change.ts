import type { QueryClient } from '@tanstack/react-query';
import { templatesKeys, webhookLogsKeys, webhooksKeys } from '../../../lib/admin-queries';

/**
 * A configuration changed: the list; the templates (each lists the configurations using it); the logs (they
 * show the configuration's current name, '(deleted)' once it is gone).
 */
export async function refreshAfterWebhookChange(queryClient: QueryClient): Promise<void> {
  await Promise.all(
    [webhooksKeys.all, templatesKeys.all, webhookLogsKeys.all].map((queryKey) => queryClient.invalidateQueries({ queryKey })),
  );
}
