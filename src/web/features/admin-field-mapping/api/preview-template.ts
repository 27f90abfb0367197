import { useMutation } from '@tanstack/react-query';
import type { PreviewInput, PreviewResponse } from '../../../../shared/schemas/field-mapping-templates';
import { apiRequest } from '../../../lib/api';
import { TEMPLATES_PATH } from '../../../lib/admin-queries';

/**
 * POST /api/admin/field-mapping-templates/preview { samplePayload, rules } → { mappedData, missing, errors }.
 * Nothing is saved. Only the latest call's answer is shown (an older one that arrives late is ignored).
 */
export function usePreviewTemplate() {
  return useMutation<PreviewResponse, Error, PreviewInput>({
    mutationFn: (body) => apiRequest<PreviewResponse>('POST', `${TEMPLATES_PATH}/preview`, body),
  });
}
