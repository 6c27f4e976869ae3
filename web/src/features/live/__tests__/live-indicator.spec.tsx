import { afterEach, describe, expect, it } from '@jest/globals';
import { configureStore } from '@reduxjs/toolkit';
import { act, cleanup, render, screen } from '@testing-library/react';
import { Provider } from 'react-redux';
import { LiveIndicator } from '../live-indicator.js';
import {
  activeUserCountUpdated,
  liveAuthenticated,
  liveConnected,
  liveDisconnected,
  liveReducer,
} from '../live-slice.js';

afterEach(cleanup);

function renderIndicator() {
  const store = configureStore({ reducer: { live: liveReducer } });
  render(
    <Provider store={store}>
      <LiveIndicator />
    </Provider>,
  );
  return store;
}

describe('LiveIndicator', () => {
  it('reads "Connected" without a count until the server counts this socket, then "Connected (n)"', () => {
    const store = renderIndicator();
    expect(screen.getByRole('status')).toHaveTextContent('Disconnected');

    act(() => {
      store.dispatch(liveConnected());
      store.dispatch(liveAuthenticated());
    });
    expect(screen.getByRole('status')).toHaveTextContent(/^Connected$/);

    act(() => {
      store.dispatch(activeUserCountUpdated(1));
    });
    expect(screen.getByRole('status')).toHaveTextContent('Connected (1)');

    act(() => {
      store.dispatch(liveDisconnected());
      store.dispatch(liveConnected());
    });
    expect(screen.getByRole('status')).toHaveTextContent(/^Connected$/);
  });
});
