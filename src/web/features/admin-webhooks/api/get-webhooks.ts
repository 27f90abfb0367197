import { useQuery } from '@tanstack/react-query';
import { templatesQuery, webhooksQuery } from '../../../lib/admin-queries';

/** GET /api/admin/webhooks → { webhooks }. */
export function useWebhooks() {
  return useQuery(webhooksQuery());
}

/** GET /api/admin/field-mapping-templates → { templates }: the form's optional 'Mapping template' choice. */
export function useMappingTemplates(enabled: boolean) {
  return useQuery({ ...templatesQuery(), enabled });
}
