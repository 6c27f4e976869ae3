import { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { BrowserRouter, useRoutes } from 'react-router-dom';
import { LiveConnection } from '../features/live/live-connection.js';
import type { AppStore } from './store.js';
import { appRoutes } from './router.js';
import { SessionAcrossTabs } from './session-across-tabs.js';

/** docs/product.md §2.1 (Routes and guards): toasts top-right, 4 seconds unless stated otherwise. */
export const TOAST_DURATION_MS = 4000;

/**
 * A declarative router: the app uses no loaders, actions or fetchers, and the data router (createBrowserRouter) would
 * add about 17 kB gzipped to every page's first load for them.
 */
function AppRoutes() {
  return useRoutes(appRoutes);
}

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <LiveConnection />
      <BrowserRouter>
        <SessionAcrossTabs />
        <AppRoutes />
      </BrowserRouter>
      {/* Below the 4rem header so toasts never cover the live indicator or Logout. */}
      <Toaster
        position="top-right"
        containerStyle={{ top: 72 }}
        toastOptions={{ duration: TOAST_DURATION_MS }}
      />
    </Provider>
  );
}
