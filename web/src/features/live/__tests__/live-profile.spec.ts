import { afterEach, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import type { User } from '@auction/contracts';
import { sessionRestored } from '../../../app/auth-slice.js';
import { createAppStore } from '../../../app/store.js';
import { readStoredSession, writeStoredSession } from '../../../shared/session/session-storage.js';
import { installFakeApi, ok } from '../../../test/fake-api.js';
import { FakeLiveSocket } from '../../../test/fake-live-socket.js';
import { makeUser } from '../../../test/fixtures.js';
import { listenToProfileChanges } from '../live-socket.js';

const alice = makeUser({ username: 'alice' });
let restoreFetch: (() => void) | undefined;

afterEach(() => {
  restoreFetch?.();
  localStorage.clear();
});

/** A signed-in store listening to a fake socket; the server's GET /auth/me answers `current`. */
function signedInAs(current: () => User) {
  writeStoredSession({ token: 'jwt', user: alice });
  const fake = installFakeApi((call) => {
    if (call.method === 'GET' && call.path === '/auth/me') return ok({ user: current() });
    throw new TypeError(`unexpected ${call.method} ${call.path}`);
  });
  restoreFetch = fake.restore;
  const store = createAppStore(readStoredSession());
  store.dispatch(sessionRestored(alice));
  const socket = new FakeLiveSocket();
  listenToProfileChanges(socket as unknown as Socket, store.dispatch);
  return { store, socket, fake };
}

const settled = () => new Promise((resolve) => setTimeout(resolve, 20));

describe('profileUpdated', () => {
  it('reads the profile again, so the header and the stored session show a rename made on another device', async () => {
    const renamed = { ...alice, username: 'alice_renamed' };
    const { store, socket, fake } = signedInAs(() => renamed);

    socket.serverSends('profileUpdated', { _id: alice._id, username: 'alice_renamed' });
    await settled();

    expect(fake.calls.map((call) => `${call.method} ${call.path}`)).toEqual(['GET /auth/me']);
    expect(store.getState().auth.user?.username).toBe('alice_renamed');
    expect(readStoredSession()?.user.username).toBe('alice_renamed');
  });

  it('ignores a malformed payload', async () => {
    const { store, socket, fake } = signedInAs(() => ({ ...alice, username: 'other' }));

    socket.serverSends('profileUpdated', { username: 42 });
    await settled();

    expect(fake.calls).toHaveLength(0);
    expect(store.getState().auth.user?.username).toBe('alice');
  });
});
