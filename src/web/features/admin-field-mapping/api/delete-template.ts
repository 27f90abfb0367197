import { useMutation, useQueryClient } from '@tanstack/react-query';
import { TEMPLATES_PATH, templatesKeys, webhooksKeys } from '../../../lib/admin-queries';
import { apiRequest } from '../../../lib/api';

/** DELETE /api/admin/field-mapping-templates/:id; 409 (with the reason) while a webhook configuration uses it. */
export function useDeleteTemplate() {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, { templateId: string }>({
    mutationFn: ({ templateId }) => apiRequest('DELETE', `${TEMPLATES_PATH}/${encodeURIComponent(templateId)}`),
    onSuccess: () =>
      Promise.all([
        queryClient.invalidateQueries({ queryKey: templatesKeys.all }),
        queryClient.invalidateQueries({ queryKey: webhooksKeys.all }),
      ]),
  });
}
