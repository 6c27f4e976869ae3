import type { AppStore } from '../app/store.js';
import { liveAuthenticated, liveConnected, liveDisconnected } from '../features/live/live-slice.js';

/** Plays the live connection's state changes as the real socket would report them. */
export const liveStatus = {
  authenticated(store: AppStore) {
    store.dispatch(liveConnected());
    store.dispatch(liveAuthenticated());
  },
  disconnected(store: AppStore) {
    store.dispatch(liveDisconnected());
  },
};
