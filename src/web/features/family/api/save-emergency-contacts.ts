import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { z } from 'zod';
import type { emergencyContactsBody } from '../../../../shared/schemas/family';
import { apiRequest } from '../../../lib/api';
import { emergencyContactsPath, refreshFamily, type FamilyScope } from './family-scope';

export type EmergencyContactsBody = z.output<typeof emergencyContactsBody>;

/** PUT …/emergency-contacts {contacts}: the whole list (0–3), in order, replaces the saved one. */
export function useSaveEmergencyContacts(scope: FamilyScope) {
  const queryClient = useQueryClient();
  return useMutation<unknown, Error, EmergencyContactsBody>({
    mutationFn: (body) => apiRequest('PUT', emergencyContactsPath(scope), body),
    onSettled: () => refreshFamily(queryClient, scope),
  });
}
