import { useEffect } from 'react';
import { useDispatch, useSelector } from 'react-redux';
import { selectIsAuthenticated, selectToken } from '../../app/auth-slice.js';
import { closeLiveConnection, openLiveConnection } from './live-socket.js';

/** Keeps the live connection open exactly while a user is signed in. Renders nothing. */
export function LiveConnection() {
  const dispatch = useDispatch();
  const isAuthenticated = useSelector(selectIsAuthenticated);
  const token = useSelector(selectToken);

  useEffect(() => {
    if (!isAuthenticated || !token) return;
    openLiveConnection(token, dispatch);
    return () => closeLiveConnection(dispatch);
  }, [isAuthenticated, token, dispatch]);

  return null;
}
