import { QueryClient } from '@tanstack/react-query';
import { getQueryFn } from './api';

/** Spec 9 data fetching: no retry, no polling, no refetch on focus, data never stale automatically. */
export function createQueryClient(): QueryClient {
  return new QueryClient({
    defaultOptions: {
      queries: {
        queryFn: getQueryFn({ on401: 'throw' }),
        refetchInterval: false,
        refetchOnWindowFocus: false,
        staleTime: Infinity,
        retry: false,
      },
      mutations: {
        retry: false,
      },
    },
  });
}

export const queryClient = createQueryClient();
