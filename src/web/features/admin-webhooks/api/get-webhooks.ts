import { useQuery } from '@tanstack/react-query';
import type { WebhookListResponse } from '../../../../shared/schemas/webhooks';
import type { TemplateListResponse } from '../../../../shared/schemas/field-mapping-templates';
import { ADMIN_TEMPLATES_QUERY_KEY, ADMIN_WEBHOOKS_QUERY_KEY } from '../../../lib/admin-query-keys';

/** GET /api/admin/webhooks → { webhooks } (the default read: the key is the path). */
export function useWebhooks() {
  return useQuery<WebhookListResponse, Error>({ queryKey: ADMIN_WEBHOOKS_QUERY_KEY });
}

/** GET /api/admin/field-mapping-templates → { templates }: the form's optional 'Mapping template' choice. */
export function useMappingTemplates(enabled: boolean) {
  return useQuery<TemplateListResponse, Error>({ queryKey: ADMIN_TEMPLATES_QUERY_KEY, enabled });
}
