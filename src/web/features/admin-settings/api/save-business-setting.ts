import { useMutation, useQueryClient } from '@tanstack/react-query';
import { businessSettingPath, type BusinessSettingKey, type BusinessSettingValue } from '../../../../shared/schemas/settings';
import { businessSettingKeys } from '../../../lib/admin-queries';
import { apiRequest } from '../../../lib/api';

/**
 * PUT /api/admin/settings/:key with the setting's whole value → the value as saved. The answer replaces the cached
 * read, so the users table and the family page say the new plans at once.
 */
export function useSaveBusinessSetting<K extends BusinessSettingKey>(key: K) {
  const queryClient = useQueryClient();
  return useMutation<BusinessSettingValue<K>, Error, BusinessSettingValue<K>>({
    mutationFn: (value) => apiRequest<BusinessSettingValue<K>>('PUT', businessSettingPath(key), value),
    onSuccess: (saved) => queryClient.setQueryData(businessSettingKeys.detail(key), saved),
  });
}
