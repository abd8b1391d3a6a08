import { useState } from 'react';
import { QueryClientProvider } from '@tanstack/react-query';
import { RouterProvider } from 'react-router-dom';
import { AuthProvider } from '../features/auth/hooks/auth-context';
import { createQueryClient } from '../lib/query-client';
import { AppErrorBoundary } from './errors/app-error-boundary';
import { createRouter as createBrowserRouter } from './router';

/** `createRouter` is the browser's router; the build's landing page (prerender.tsx) draws `/` with a memory router. */
export function App({ configured, createRouter = createBrowserRouter }: { configured: boolean; createRouter?: () => ReturnType<typeof createBrowserRouter> }) {
  const [queryClient] = useState(createQueryClient);
  const [router] = useState(createRouter);
  return (
    <AppErrorBoundary>
      <QueryClientProvider client={queryClient}>
        <AuthProvider configured={configured}>
          <RouterProvider router={router} />
        </AuthProvider>
      </QueryClientProvider>
    </AppErrorBoundary>
  );
}
