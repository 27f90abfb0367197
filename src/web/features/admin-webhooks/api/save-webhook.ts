import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { CreateWebhookInput, SavedWebhookResponse, UpdateWebhookInput, WebhookListResponse } from '../../../../shared/schemas/webhooks';
import { WEBHOOKS_PATH, webhooksKeys, webhooksQuery } from '../../../lib/admin-queries';
import { refreshAfterWebhookChange } from './refresh-after-webhook-change';
import { apiRequest } from '../../../lib/api';

const webhookUrl = (id: string) => `${WEBHOOKS_PATH}/${encodeURIComponent(id)}`;

/** POST /api/admin/webhooks → 201 the configuration, with `secretKey` once when one was set. 409 when the endpoint is taken. */
export function useCreateWebhook() {
  const queryClient = useQueryClient();
  return useMutation<SavedWebhookResponse, Error, CreateWebhookInput>({
    mutationFn: (body) => apiRequest<SavedWebhookResponse>('POST', WEBHOOKS_PATH, body),
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
      await queryClient.cancelQueries({ queryKey: webhooksKeys.all, exact: true });
      const previous = queryClient.getQueryData(webhooksQuery().queryKey);
      if (previous) {
        queryClient.setQueryData(webhooksQuery().queryKey, {
          webhooks: previous.webhooks.map((webhook) => (webhook.id === id ? { ...webhook, isActive } : webhook)),
        });
      }
      return { previous };
    },
    onError: (_error, _variables, context) => {
      if (context?.previous) queryClient.setQueryData(webhooksQuery().queryKey, context.previous);
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
