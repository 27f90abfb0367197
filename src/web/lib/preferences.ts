import { useMutation, useQueryClient } from '@tanstack/react-query';
import type { Preferences } from '../../shared/schemas/waitlist';
import type { CurrentUser } from '../../shared/schemas/users';
import { apiRequest } from './api';
import { currentUserKeys } from './auth';

/**
 * PATCH /api/me/preferences {bookingReminders}: what a parent switches in the user menu (issue 21: the reminder e-mail
 * 24 hours before each booked session). The switch moves at once (the session call's copy is updated before the
 * request); a refusal or a lost answer puts it back as it was, and the server's answer is kept as the truth.
 */
export function useUpdatePreferences() {
  const queryClient = useQueryClient();
  const setReminders = (bookingReminders: boolean) =>
    queryClient.setQueryData<CurrentUser | null>(currentUserKeys.all, (user) => (user ? { ...user, bookingReminders } : user));
  return useMutation<Preferences, Error, Preferences, { before: boolean | undefined }>({
    mutationFn: (body) => apiRequest<Preferences>('PATCH', '/api/me/preferences', body),
    onMutate: async ({ bookingReminders }) => {
      // A read of the session call in flight would overwrite the switch with the old value.
      await queryClient.cancelQueries({ queryKey: currentUserKeys.all });
      const before = queryClient.getQueryData<CurrentUser | null>(currentUserKeys.all)?.bookingReminders;
      setReminders(bookingReminders);
      return { before };
    },
    onSuccess: (saved) => setReminders(saved.bookingReminders),
    onError: (_error, _body, context) => {
      if (context?.before !== undefined) setReminders(context.before);
    },
  });
}
