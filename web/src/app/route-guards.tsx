import type { ReactNode } from 'react';
import { Navigate, Outlet, useLocation } from 'react-router-dom';
import { LoadingState } from '../shared/ui/spinner.js';
import { selectAuthStatus, selectIsAdmin, selectServerUnreachable } from './auth-slice.js';
import { useAppSelector } from './hooks.js';

/** While the stored session cannot be checked because the server does not answer (docs/product.md §4.1). */
export const SERVER_UNREACHABLE_TEXT = "Can't reach the server. Retrying...";

/** The screen while the stored session is checked: "Loading...", or that the server is being retried. */
function SessionCheck() {
  const unreachable = useAppSelector(selectServerUnreachable);
  return <LoadingState fullScreen label={unreachable ? SERVER_UNREACHABLE_TEXT : undefined} />;
}

/** Where a guest was going before being sent to /login. */
export interface RedirectState {
  from?: string;
}

/** Signed-in users only; guests go to /login and come back afterwards. */
export function RequireAuth({ children }: { children?: ReactNode }) {
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  if (status === 'loading') return <SessionCheck />;
  if (status !== 'authenticated') {
    const state: RedirectState = { from: `${location.pathname}${location.search}` };
    return <Navigate to="/login" replace state={state} />;
  }
  return children ?? <Outlet />;
}

/** Admins only; anybody else goes to /dashboard. Place inside RequireAuth. */
export function RequireAdmin({ children }: { children?: ReactNode }) {
  const isAdmin = useAppSelector(selectIsAdmin);
  if (!isAdmin) return <Navigate to="/dashboard" replace />;
  return children ?? <Outlet />;
}

/** Login and register: signed-in users go on to where they were heading, else /dashboard. */
export function GuestOnly({ children }: { children?: ReactNode }) {
  const status = useAppSelector(selectAuthStatus);
  const location = useLocation();
  if (status === 'loading') return <SessionCheck />;
  if (status === 'authenticated') {
    const from = (location.state as RedirectState | null)?.from;
    const target = from && from.startsWith('/') && !from.startsWith('//') ? from : '/dashboard';
    return <Navigate to={target} replace />;
  }
  return children ?? <Outlet />;
}
