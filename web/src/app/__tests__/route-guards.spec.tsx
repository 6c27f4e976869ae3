import { afterEach, describe, expect, it } from '@jest/globals';
import type { User } from '@auction/contracts';
import { cleanup, screen } from '@testing-library/react';
import { Navigate, type RouteObject } from 'react-router-dom';
import { renderRoutes } from '../../test/render-with-app.js';
import { sessionCheckUnanswered, sessionRestored } from '../auth-slice.js';
import { GuestOnly, RequireAdmin, RequireAuth, SERVER_UNREACHABLE_TEXT } from '../route-guards.js';
import { act } from 'react';

afterEach(() => {
  cleanup();
  localStorage.clear();
});

const user: User = {
  _id: '7f1c1a52-3b6e-4a59-9a4e-1d2f3c4b5a69',
  username: 'player_one',
  email: 'one@example.com',
  role: 'user',
  createdAt: '2025-01-01T00:00:00.000Z',
};
const admin: User = { ...user, username: 'commish', role: 'admin' };

const routes: RouteObject[] = [
  { element: <GuestOnly />, children: [{ path: '/login', element: <h1>Login screen</h1> }] },
  {
    element: <RequireAuth />,
    children: [
      { path: '/dashboard', element: <h1>Dashboard screen</h1> },
      { element: <RequireAdmin />, children: [{ path: '/admin', element: <h1>Admin screen</h1> }] },
    ],
  },
  { path: '*', element: <Navigate to="/dashboard" replace /> },
];

/** A stored session confirmed by the server, as after GET /auth/me. */
function signedInAs(who: User, path: string) {
  const view = renderRoutes(routes, { path, session: { token: 'jwt', user: who } });
  act(() => {
    view.store.dispatch(sessionRestored(who));
  });
  return view;
}

describe('route guards', () => {
  it('shows "Loading..." while a stored session is being checked', () => {
    renderRoutes(routes, { path: '/dashboard', session: { token: 'jwt', user } });
    expect(screen.getByText('Loading...')).toBeInTheDocument();
  });

  it('says the server is being retried while the check gets no answer, and goes on once it does', () => {
    const view = renderRoutes(routes, { path: '/dashboard', session: { token: 'jwt', user } });
    act(() => {
      view.store.dispatch(sessionCheckUnanswered());
    });
    expect(screen.getByText(SERVER_UNREACHABLE_TEXT)).toBeInTheDocument();
    expect(view.router.state.location.pathname).toBe('/dashboard');
    act(() => {
      view.store.dispatch(sessionRestored(user));
    });
    expect(screen.queryByText(SERVER_UNREACHABLE_TEXT)).not.toBeInTheDocument();
  });

  it('sends guests to /login', () => {
    const { router } = renderRoutes(routes, { path: '/dashboard' });
    expect(screen.getByRole('heading', { name: 'Login screen' })).toBeInTheDocument();
    expect(router.state.location.pathname).toBe('/login');
  });

  it('sends unknown paths to /dashboard (and guests on to /login)', () => {
    const { router } = signedInAs(user, '/no-such-page');
    expect(router.state.location.pathname).toBe('/dashboard');
  });

  it('sends non-admins away from admin routes to /dashboard', () => {
    const { router } = signedInAs(user, '/admin');
    expect(router.state.location.pathname).toBe('/dashboard');
    expect(screen.getByRole('heading', { name: 'Dashboard screen' })).toBeInTheDocument();
  });

  it('lets admins open admin routes', () => {
    signedInAs(admin, '/admin');
    expect(screen.getByRole('heading', { name: 'Admin screen' })).toBeInTheDocument();
  });

  it('sends signed-in users away from /login to /dashboard', () => {
    const { router } = signedInAs(user, '/login');
    expect(router.state.location.pathname).toBe('/dashboard');
  });
});
