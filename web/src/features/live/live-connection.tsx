import { useEffect } from 'react';
import toast from 'react-hot-toast';
import { useDispatch, useSelector } from 'react-redux';
import { selectIsAuthenticated, selectToken } from '../../app/auth-slice.js';
import { LIVE_TOASTS } from './live-toasts.js';

/** Keeps the live connection open exactly while a user is signed in. Renders nothing. */
export function LiveConnection() {
  const dispatch = useDispatch();
  const isAuthenticated = useSelector(selectIsAuthenticated);
  const token = useSelector(selectToken);

  useEffect(() => {
    if (!isAuthenticated || !token) return;
    let ended = false;
    let close: (() => void) | undefined;
    // socket.io-client is not needed to paint a page: its chunk downloads beside the page's own, not before it.
    import('./live-socket.js').then(
      ({ openLiveConnection, closeLiveConnection }) => {
        if (ended) return;
        openLiveConnection(token, dispatch);
        close = () => closeLiveConnection(dispatch);
      },
      () => {
        if (!ended) toast.error(LIVE_TOASTS.connectionError, { id: 'live-connection-error' });
      },
    );
    return () => {
      ended = true;
      close?.();
    };
  }, [isAuthenticated, token, dispatch]);

  return null;
}
