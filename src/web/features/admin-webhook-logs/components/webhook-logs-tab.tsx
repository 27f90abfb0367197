/** Logs tab: deliveries by configuration, limit, refresh, clean old, table and detail dialog. */
export function WebhookLogsTab() {
  return null;
}
