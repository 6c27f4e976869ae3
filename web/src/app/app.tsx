import { Toaster } from 'react-hot-toast';
import { Provider } from 'react-redux';
import { RouterProvider } from 'react-router-dom';
import { LiveConnection } from '../features/live/live-connection.js';
import type { AppStore } from './store.js';
import { createAppRouter } from './router.js';

/** Spec: toasts top-right, 4 seconds unless stated otherwise. */
export const TOAST_DURATION_MS = 4000;

const router = createAppRouter();

export function App({ store }: { store: AppStore }) {
  return (
    <Provider store={store}>
      <LiveConnection />
      <RouterProvider router={router} />
      {/* Below the 4rem header so toasts never cover the live indicator or Logout. */}
      <Toaster
        position="top-right"
        containerStyle={{ top: 72 }}
        toastOptions={{ duration: TOAST_DURATION_MS }}
      />
    </Provider>
  );
}
