import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { Guardian, guardianSelfBody } from '../../../../shared/schemas/family';
import { apiRequest } from '../../../lib/api';
import { refreshFamily } from './family-scope';

export type GuardianSelfInput = z.input<typeof guardianSelfBody>;

/** PATCH /api/me/guardian {phone?, copyMe?}: the signed-in guardian's own phone and e-mail copies → the guardian. */
export function useUpdateGuardianSelf() {
  const queryClient = useQueryClient();
  return useMutation<Guardian, Error, GuardianSelfInput>({
    mutationFn: (body) => apiRequest<Guardian>('PATCH', '/api/me/guardian', body),
    onSettled: () => refreshFamily(queryClient, { by: 'guardian' }),
  });
}
