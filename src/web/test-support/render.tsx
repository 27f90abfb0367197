/**
 * Renders a component the way the app composes it (src/web/app/providers.tsx): a fresh TanStack Query client with
 * the app's defaults, a router at `path`, the signed-in user (GET /api/me answered by the fake API), tooltips and
 * the toast region, so a test reads toasts as a person sees them. Returns Testing Library's queries and a
 * user-event instance that types and clicks like a person.
 */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { render, screen, waitFor, type RenderResult } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import type { ReactElement, ReactNode } from 'react';
import { MemoryRouter, Route, Routes, useLocation } from 'react-router';
import type { CurrentUser } from '../../shared/schemas/users';
import { Toaster } from '../components/ui/toaster';
import { TooltipProvider } from '../components/ui/tooltip';
import { AuthProvider } from '../lib/auth';
import { createQueryClient } from '../lib/query-client';
import { api, http, HttpResponse } from './api';

export interface RenderOptions {
  /** The signed-in user (null: nobody signed in, /api/me answers 401). */
  user?: CurrentUser | null;
  /** Where the router starts. */
  path?: string;
  /** A client of the test's own, e.g. with cached reads already in it. */
  queryClient?: QueryClient;
}

export interface Rendered extends RenderResult {
  user: UserEvent;
  queryClient: QueryClient;
  /** The router's current path (after a navigation the component made). */
  location: () => string;
}

function LocationProbe({ onChange }: { onChange: (path: string) => void }) {
  const location = useLocation();
  onChange(location.pathname + location.search);
  return null;
}

export async function renderApp(ui: ReactElement, options: RenderOptions = {}): Promise<Rendered> {
  const queryClient = options.queryClient ?? createQueryClient();
  const signedIn = options.user === undefined ? null : options.user;
  api.use(
    http.get('/api/me', () =>
      signedIn ? HttpResponse.json(signedIn) : HttpResponse.json({ message: 'Not signed in', code: 'UNAUTHENTICATED' }, { status: 401 }),
    ),
  );
  let current = options.path ?? '/';
  const wrap = (children: ReactNode) => (
    <QueryClientProvider client={queryClient}>
      <MemoryRouter initialEntries={[options.path ?? '/']}>
        <AuthProvider>
          <TooltipProvider>
            <Routes>
              <Route path="*" element={children} />
            </Routes>
            <LocationProbe onChange={(path) => (current = path)} />
          </TooltipProvider>
          <Toaster />
        </AuthProvider>
      </MemoryRouter>
    </QueryClientProvider>
  );
  const user = userEvent.setup();
  const result = render(wrap(ui));
  // The session call answers before the component is handed over (as the app's guard waits for it).
  if (signedIn) await waitFor(() => expect(queryClient.getQueryData(['/api/me'])).toBeTruthy());
  return { ...result, user, queryClient, location: () => current };
}

export { screen, waitFor };

/**
 * The accessible name of a control with visually hidden words ('Cancel' + ' booking #NB-…'): jsdom drops the space
 * before the hidden span that a browser keeps, so the name is matched with or without it.
 */
export function withHidden(visible: string, hidden: string): RegExp {
  const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\#]/g, '\\$&');
  return new RegExp(`^${escape(visible)}\\s?${escape(hidden)}$`);
}
