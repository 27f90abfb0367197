import { QueryClientProvider } from '@tanstack/react-query';
import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { LazyToaster } from '../components/ui/lazy-toaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { AuthProvider } from '../lib/auth';
import { queryClient } from '../lib/query-client';

export function AppProviders({ children }: { children: ReactNode }) {
  return (
    <QueryClientProvider client={queryClient}>
      <BrowserRouter>
        <AuthProvider>
          {/* Spec 9: every tooltip opens after 700 ms, the next one within 300 ms at once. */}
          <TooltipProvider>{children}</TooltipProvider>
          <LazyToaster />
        </AuthProvider>
      </BrowserRouter>
    </QueryClientProvider>
  );
}
