import { afterEach, describe, expect, it, jest } from '@jest/globals';
import type { User } from '@auction/contracts';
import toast from 'react-hot-toast';
import { sessionRestored, signedOut } from '../../../app/auth-slice.js';
import { createAppStore } from '../../../app/store.js';
import { readStoredSession } from '../../session/session-storage.js';
import { authApi } from '../auth.api.js';
import { teamsApi } from '../teams.api.js';

const user: User = {
  _id: '7f1c1a52-3b6e-4a59-9a4e-1d2f3c4b5a69',
  username: 'player_one',
  email: 'one@example.com',
  role: 'user',
  createdAt: '2025-01-01T00:00:00.000Z',
};

function answer(status: number, body: unknown) {
  return jest
    .spyOn(globalThis, 'fetch')
    .mockResolvedValue(
      new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } }),
    );
}

function signedInStore() {
  const store = createAppStore({ token: 'jwt-123', user });
  store.dispatch(sessionRestored(user));
  return store;
}

afterEach(() => {
  jest.restoreAllMocks();
  localStorage.clear();
});

describe('envelopeBaseQuery through real endpoints', () => {
  it('sends the bearer token and unwraps the envelope', async () => {
    const fetchSpy = answer(200, { success: true, message: 'OK', data: { teams: [] } });
    const store = signedInStore();

    const teams = await store.dispatch(teamsApi.endpoints.getTeams.initiate()).unwrap();

    expect(teams).toEqual([]);
    const request = fetchSpy.mock.calls[0][0] as Request;
    expect(new URL(request.url).pathname).toBe('/api/teams');
    expect(request.headers.get('Authorization')).toBe('Bearer jwt-123');
  });

  it('on 401 clears the session and the stored values, and toasts "Session expired"', async () => {
    answer(401, { success: false, message: 'Token expired', data: null });
    const toastError = jest.spyOn(toast, 'error');
    const store = signedInStore();

    const request = store.dispatch(teamsApi.endpoints.deleteTeam.initiate(user._id));

    await expect(request.unwrap()).rejects.toEqual({ status: 401, message: 'Token expired' });
    expect(store.getState().auth.status).toBe('guest');
    expect(readStoredSession()).toBeNull();
    expect(toastError).toHaveBeenCalledWith('Session expired. Please login again.', expect.anything());
  });

  it('rejects success:false answers with the server message as the toast', async () => {
    answer(200, { success: false, message: 'Draft is locked', data: null });
    const toastError = jest.spyOn(toast, 'error');
    const store = signedInStore();

    const result = await store.dispatch(teamsApi.endpoints.getTeams.initiate());

    expect(result.error).toEqual({ status: 200, message: 'Draft is locked' });
    expect(toastError).toHaveBeenCalledWith('Draft is locked', expect.anything());
    expect(store.getState().auth.status).toBe('authenticated');
  });

  it('leaves a failed login to the login screen: no toast, no logout', async () => {
    answer(401, { success: false, message: 'Invalid email or password', data: null });
    const toastError = jest.spyOn(toast, 'error');
    const store = createAppStore(null);

    const attempt = store.dispatch(
      authApi.endpoints.login.initiate({ email: 'a@b.co', password: 'secret1' }),
    );

    await expect(attempt.unwrap()).rejects.toEqual({ status: 401, message: 'Invalid email or password' });
    expect(toastError).not.toHaveBeenCalled();
  });

  it('signs in from a login answer carrying user and token', async () => {
    answer(200, { success: true, message: 'Logged in', data: { user, token: 'fresh' } });
    const store = createAppStore(null);

    await store
      .dispatch(authApi.endpoints.login.initiate({ email: 'one@example.com', password: 'secret1' }))
      .unwrap();

    expect(store.getState().auth).toEqual({ user, token: 'fresh', status: 'authenticated' });
    expect(readStoredSession()).toEqual({ user, token: 'fresh' });
  });

  it('does not sign in from a login answer without a token', async () => {
    answer(200, { success: true, message: 'Logged in', data: { user } });
    const store = createAppStore(null);

    await store
      .dispatch(authApi.endpoints.login.initiate({ email: 'one@example.com', password: 'secret1' }))
      .unwrap();

    expect(store.getState().auth.status).toBe('guest');
  });

  it("forgets every cached answer on logout, so the next user never sees the last one's data", async () => {
    answer(200, { success: true, message: 'OK', data: { teams: [] } });
    const store = signedInStore();
    await store.dispatch(teamsApi.endpoints.getTeams.initiate()).unwrap();
    expect(Object.keys(store.getState().api.queries)).not.toHaveLength(0);

    store.dispatch(signedOut());

    expect(store.getState().api.queries).toEqual({});
  });
});
