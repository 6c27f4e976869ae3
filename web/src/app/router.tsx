import { Navigate, type RouteObject } from 'react-router-dom';
import { AppLayout } from './layout/app-layout.js';
import { lazyPage } from './lazy-page.js';
import { GuestOnly, RequireAdmin, RequireAuth } from './route-guards.js';

// One chunk per screen (web/scripts/route-bytes.mjs reads these imports to report what each route loads first).
const LoginPage = lazyPage(
  () => import('../features/auth/login-page.js'),
  (m) => m.LoginPage,
);
const RegisterPage = lazyPage(
  () => import('../features/auth/register-page.js'),
  (m) => m.RegisterPage,
);
const ForgotPasswordPage = lazyPage(
  () => import('../features/auth/forgot-password-page.js'),
  (m) => m.ForgotPasswordPage,
);
const DashboardPage = lazyPage(
  () => import('../features/dashboard/dashboard-page.js'),
  (m) => m.DashboardPage,
);
const DraftPage = lazyPage(
  () => import('../features/draft/draft-page.js'),
  (m) => m.DraftPage,
);
const DraftBoardPage = lazyPage(
  () => import('../features/board/index.js'),
  (m) => m.DraftBoardPage,
);
const TeamsPage = lazyPage(
  () => import('../features/teams/teams-page.js'),
  (m) => m.TeamsPage,
);
const AdminDashboardPage = lazyPage(
  () => import('../features/admin/index.js'),
  (m) => m.AdminDashboardPage,
);
const DraftPicksPage = lazyPage(
  () => import('../features/picks/draft-picks-page.js'),
  (m) => m.DraftPicksPage,
);
const OpsPage = lazyPage(
  () => import('../features/ops/index.js'),
  (m) => m.OpsPage,
);
const AuditPage = lazyPage(
  () => import('../features/audit/index.js'),
  (m) => m.AuditPage,
);

/** docs/product.md §2.1 (Routes and guards): the routes and who may open them. */
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
          { path: '/draft/:draftId/board', element: <DraftBoardPage /> },
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
