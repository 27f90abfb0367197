import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ADMIN_TEMPLATES_QUERY_KEY, ADMIN_WEBHOOKS_QUERY_KEY } from '../../../lib/admin-query-keys';
import { apiRequest } from '../../../lib/api';
import { TEMPLATES_URL } from './get-templates';

/** DELETE /api/admin/field-mapping-templates/:id; 409 (with the reason) while a webhook configuration uses it. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, { templateId: string }>({
    mutationFn: ({ templateId }) => apiRequest('DELETE', `${TEMPLATES_URL}/${encodeURIComponent(templateId)}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: ADMIN_TEMPLATES_QUERY_KEY }),
        queryClient.invalidateQueries({ queryKey: ADMIN_WEBHOOKS_QUERY_KEY }),
      ]),
  });
}
