import { render } from '@testing-library/react';
import type { ReactElement } from 'react';
import { Provider } from 'react-redux';
import { createMemoryRouter, RouterProvider, type RouteObject } from 'react-router-dom';
import type { StoredSession } from '../shared/session/session-storage.js';
import { createAppStore } from '../app/store.js';

/** Renders routes with a fresh store (optionally signed in from a stored session) at the given path. */
export function renderRoutes(
  routes: RouteObject[],
  { path = '/', session = null }: { path?: string; session?: StoredSession | null } = {},
) {
  const store = createAppStore(session);
  const router = createMemoryRouter(routes, { initialEntries: [path] });
  const view = render(
    <Provider store={store}>
      <RouterProvider router={router} />
    </Provider>,
  );
  return { store, router, ...view };
}

/** Renders one screen at `path`, with stub pages for the links it may follow. */
export function renderScreen(screen: ReactElement, path = '/') {
  return renderRoutes(
    [
      { path, element: screen },
      { path: '*', element: <p>Elsewhere</p> },
    ],
    { path },
  );
}
