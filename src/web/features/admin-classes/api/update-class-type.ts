import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { ClassTypeDto } from '../../../../shared/schemas/classes';
import { reservationsKeys } from '../../../lib/admin-queries';
import { apiRequest } from '../../../lib/api';
import { classTypesKeys } from '../../../lib/class-types';
import { myBookingsKeys } from '../../../lib/my-bookings';
import { sessionsKeys } from '../../../lib/sessions';

/**
 * Class names appear in the class list, the sessions (calendar and admin), the parent's bookings and the
 * reservations report: a rename refreshes exactly those reads (each key is a prefix of all its variants).
 */
export const CLASS_TYPE_DEPENDENT_QUERY_KEYS = [classTypesKeys.all, sessionsKeys.all, myBookingsKeys.all, reservationsKeys.all] as const;

export interface UpdateClassTypeVariables {
  classTypeId: string;
  name: string;
  description: string | null;
  /** Issue 33: what the office's new sessions of the class start with. */
  defaultCapacity?: number | undefined;
  defaultLocation?: string | undefined;
}

/** PUT /api/admin/classes/:id {name, description} (spec 7), with the session defaults (issue 33). */
export function useUpdateClassType() {
  const queryClient = useQueryClient();
  return useMutation<ClassTypeDto, Error, UpdateClassTypeVariables>({
    mutationFn: ({ classTypeId, ...body }) => apiRequest<ClassTypeDto>('PUT', `/api/admin/classes/${encodeURIComponent(classTypeId)}`, body),
    onSuccess: () => Promise.all(CLASS_TYPE_DEPENDENT_QUERY_KEYS.map((queryKey) => queryClient.invalidateQueries({ queryKey }))),
  });
}
