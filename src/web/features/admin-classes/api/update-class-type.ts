import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassTypeDto } from '../../../../shared/schemas/classes';
import { ADMIN_RESERVATIONS_QUERY_KEY, SESSIONS_QUERY_KEY } from '../../../lib/admin-query-keys';
import { apiRequest } from '../../../lib/api';
import { CLASS_TYPES_QUERY_KEY } from '../../../lib/class-types';
import { MY_BOOKINGS_QUERY_KEY } from '../../../lib/my-bookings';

/**
 * Class names appear in the class list, the sessions (calendar and admin), the parent's bookings and the
 * reservations report: a rename refreshes exactly those reads (each key is a prefix of all its variants).
 */
export const CLASS_TYPE_DEPENDENT_QUERY_KEYS = [CLASS_TYPES_QUERY_KEY, SESSIONS_QUERY_KEY, MY_BOOKINGS_QUERY_KEY, ADMIN_RESERVATIONS_QUERY_KEY] as const;

export interface UpdateClassTypeVariables {
  classTypeId: string;
  name: string;
  description: string | null;
}

/** PUT /api/admin/classes/:id {name, description} (spec 7). */
export function useUpdateClassType() {
  const queryClient = useQueryClient();
  return useMutation<ClassTypeDto, Error, UpdateClassTypeVariables>({
    mutationFn: ({ classTypeId, name, description }) =>
      apiRequest<ClassTypeDto>('PUT', `/api/admin/classes/${encodeURIComponent(classTypeId)}`, { name, description }),
    onSuccess: () => Promise.all(CLASS_TYPE_DEPENDENT_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
