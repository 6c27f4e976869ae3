import { createBrowserRouter, Navigate, type RouteObject } from 'react-router-dom';
import { AdminDashboardPage } from '../features/admin/index.js';
import { AuditPage } from '../features/audit/index.js';
import { ForgotPasswordPage } from '../features/auth/forgot-password-page.js';
import { LoginPage } from '../features/auth/login-page.js';
import { RegisterPage } from '../features/auth/register-page.js';
import { DashboardPage } from '../features/dashboard/dashboard-page.js';
import { DraftPage } from '../features/draft/draft-page.js';
import { OpsPage } from '../features/ops/index.js';
import { DraftPicksPage } from '../features/picks/draft-picks-page.js';
import { TeamsPage } from '../features/teams/teams-page.js';
import { AppLayout } from './layout/app-layout.js';
import { GuestOnly, RequireAdmin, RequireAuth } from './route-guards.js';

/** Spec section 2: the routes and who may open them. */
export const appRoutes: RouteObject[] = [
  {
    element: <GuestOnly />,
    children: [
      { path: '/login', element: <LoginPage /> },
      { path: '/register', element: <RegisterPage /> },
      { path: '/forgot-password', element: <ForgotPasswordPage /> },
    ],
  },
  {
    element: <RequireAuth />,
    children: [
      {
        element: <AppLayout />,
        children: [
          { path: '/dashboard', element: <DashboardPage /> },
          { path: '/draft', element: <DraftPage /> },
          { path: '/draft/:draftId', element: <DraftPage /> },
          { path: '/teams', element: <TeamsPage /> },
          {
            element: <RequireAdmin />,
            children: [
              { path: '/admin', element: <AdminDashboardPage /> },
              { path: '/admin/picks', element: <DraftPicksPage /> },
              { path: '/admin/ops', element: <OpsPage /> },
              { path: '/admin/drafts/:draftId/audit', element: <AuditPage /> },
            ],
          },
        ],
      },
    ],
  },
  { path: '/', element: <Navigate to="/dashboard" replace /> },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];

export function createAppRouter() {
  return createBrowserRouter(appRoutes);
}
