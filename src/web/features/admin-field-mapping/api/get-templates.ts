import { useQuery } from '@tanstack/react-query';
import { templatesQuery } from '../../../lib/admin-queries';

/** GET /api/admin/field-mapping-templates → { templates } (newest change first). */
export function useTemplates() {
  return useQuery(templatesQuery());
}
