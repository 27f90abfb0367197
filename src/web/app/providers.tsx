import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { AuthProvider } from '../lib/auth';
import { queryClient } from '../lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthProvider>
          {children}
          <LazyToaster />
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
