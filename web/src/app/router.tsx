import { lazy, Suspense, type ReactNode } from 'react';
import { createBrowserRouter } from 'react-router-dom';
import { Spinner } from '../components/ui/spinner';
import { AdminPage } from '../features/admin/components/admin-page';
import { AuthPage } from '../features/auth/components/auth-page';
import { DashboardPage } from '../features/dashboard/components/dashboard-page';
import { HomePage } from '../features/home/components/home-page';
import { RequireAdmin, RequireAuth } from './guards';
import { NotFoundPage } from './not-found-page';
import { AppShell } from './shell/app-shell';

const ChainPage = lazy(() => import('../features/chain/components/chain-page'));
const page = (node: ReactNode) => <Suspense fallback={<Spinner />}>{node}</Suspense>;

export function createRouter() {
  return createBrowserRouter([
    { path: '/', element: <HomePage /> },
    { path: '/login', element: <AuthPage initialMode="signIn" /> },
    { path: '/signup', element: <AuthPage initialMode="signUp" /> },
    { path: '/optionschain', element: page(<ChainPage inShell={false} />) },
    {
      path: '/app',
      element: (
        <RequireAuth>
          <AppShell />
        </RequireAuth>
      ),
      children: [
        { index: true, element: <DashboardPage /> },
        { path: 'dashboard', element: <DashboardPage /> },
        { path: 'optionschain', element: page(<ChainPage inShell />) },
        { path: 'option-chain', element: page(<ChainPage inShell />) },
        { path: 'admin', element: <RequireAdmin><AdminPage area="admin" /></RequireAdmin> },
        { path: 'config', element: <RequireAdmin><AdminPage area="config" /></RequireAdmin> },
      ],
    },
    { path: '*', element: <NotFoundPage /> },
  ]);
}
