import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookInput, SavedWebhookResponse, UpdateWebhookInput, WebhookListResponse } from '../../../../shared/schemas/webhooks';
import { ADMIN_WEBHOOKS_QUERY_KEY } from '../../../lib/admin-query-keys';
import { refreshAfterWebhookChange } from './refresh-after-webhook-change';
import { apiRequest } from '../../../lib/api';

const webhookUrl = (id: string) => `/api/admin/webhooks/${encodeURIComponent(id)}`;

/** POST /api/admin/webhooks → 201 the configuration, with `secretKey` once when one was set. 409 when the endpoint is taken. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation<SavedWebhookResponse, Error, CreateWebhookInput>({
    mutationFn: (body) => apiRequest<SavedWebhookResponse>('POST', '/api/admin/webhooks', body),
    onSuccess: () => refreshAfterWebhookChange(queryClient),
  });
}

/** PUT /api/admin/webhooks/:id (the fields present change; a blank secretKey keeps the secret) → the configuration. */
export function useUpdateWebhook() {
  const queryClient = useQueryClient();
  return useMutation<SavedWebhookResponse, Error, { id: string; body: UpdateWebhookInput }>({
    mutationFn: ({ id, body }) => apiRequest<SavedWebhookResponse>('PUT', webhookUrl(id), body),
    onSuccess: () => refreshAfterWebhookChange(queryClient),
  });
}

/**
 * The Active switch: PUT { isActive }, shown at once (optimistic) and put back if the server refuses.
 */
export function useToggleWebhookActive() {
  const queryClient = useQueryClient();
  return useMutation<SavedWebhookResponse, Error, { id: string; isActive: boolean }, { previous: WebhookListResponse | undefined }>({
    mutationFn: ({ id, isActive }) => apiRequest<SavedWebhookResponse>('PUT', webhookUrl(id), { isActive } satisfies UpdateWebhookInput),
    onMutate: async ({ id, isActive }) => {
      await queryClient.cancelQueries({ queryKey: ADMIN_WEBHOOKS_QUERY_KEY, exact: true });
      const previous = queryClient.getQueryData<WebhookListResponse>(ADMIN_WEBHOOKS_QUERY_KEY);
      if (previous) {
        queryClient.setQueryData<WebhookListResponse>(ADMIN_WEBHOOKS_QUERY_KEY, {
          webhooks: previous.webhooks.map((webhook) => (webhook.id === id ? { ...webhook, isActive } : webhook)),
        });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(ADMIN_WEBHOOKS_QUERY_KEY, context.previous);
    },
    onSettled: () => refreshAfterWebhookChange(queryClient),
  });
}

/** DELETE /api/admin/webhooks/:id → { message }. Its logs are kept. */
export function useDeleteWebhook() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, { id: string }>({
    mutationFn: ({ id }) => apiRequest('DELETE', webhookUrl(id)),
    onSuccess: () => refreshAfterWebhookChange(queryClient),
  });
}
