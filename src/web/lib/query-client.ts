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
        // Ask even when the browser says it is offline: the service worker answers kept reads (offline use at the
        // door). The default would pause the query and show a spinner forever.
        networkMode: 'offlineFirst',
      },
      mutations: {
        retry: false,
        // A change without network fails at once with a message; it is never queued to replay later.
        networkMode: 'always',
      },
    },
  });
}

export const queryClient = createQueryClient();
