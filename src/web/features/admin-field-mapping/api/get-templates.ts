import { useQuery } from '@tanstack/react-query';
import type { TemplateListResponse } from '../../../../shared/schemas/field-mapping-templates';
import { ADMIN_TEMPLATES_QUERY_KEY } from '../../../lib/admin-query-keys';
import { apiRequest } from '../../../lib/api';

export const TEMPLATES_URL = '/api/admin/field-mapping-templates';

/** GET /api/admin/field-mapping-templates → { templates } (newest change first). */
export function useTemplates() {
  return useQuery<TemplateListResponse, Error>({
    queryKey: ADMIN_TEMPLATES_QUERY_KEY,
    queryFn: ({ signal }) => apiRequest<TemplateListResponse>('GET', TEMPLATES_URL, undefined, { signal }),
  });
}
