import { afterEach, describe, expect, it, jest } from '@jest/globals';
import toast from 'react-hot-toast';
import type { User } from '@auction/contracts';
import { installFakeApi, fail, ok, type FakeAnswer } from '../../test/fake-api.js';
import { readStoredSession, writeStoredSession } from '../../shared/session/session-storage.js';
import { restoreSession } from '../restore-session.js';
import { createAppStore } from '../store.js';

const user: User = {
  _id: '7f1c1a52-3b6e-4a59-9a4e-1d2f3c4b5a69',
  username: 'alice',
  email: 'alice@example.com',
  role: 'user',
  createdAt: '2025-01-01T00:00:00.000Z',
};
let restoreFetch: (() => void) | undefined;

afterEach(() => {
  restoreFetch?.();
  localStorage.clear();
});

/** A store with a stored session, whose API gives `answers` in turn; `null` is a request that got no answer. */
function storeWithAnswers(answers: (FakeAnswer | null)[]) {
  writeStoredSession({ token: 'jwt', user });
  const fake = installFakeApi(() => {
    const answer = answers.shift();
    if (!answer) throw new TypeError('Failed to fetch');
    return answer;
  });
  restoreFetch = fake.restore;
  return { store: createAppStore(readStoredSession()), fake };
}

/** Restores the stored session against answers given in turn. */
async function restoreAgainst(answers: (FakeAnswer | null)[]) {
  const { store, fake } = storeWithAnswers(answers);
  await restoreSession(store, [0, 0]);
  return { store, calls: fake.calls.length };
}

describe('restoreSession', () => {
  it('asks again when the request got no answer, and keeps the session the server then confirms', async () => {
    const { store, calls } = await restoreAgainst([null, ok({ user })]);
    expect(calls).toBe(2);
    expect(store.getState().auth).toMatchObject({ status: 'authenticated', token: 'jwt' });
    expect(readStoredSession()).toEqual({ token: 'jwt', user });
  });

  it('clears the session when the server refuses the token, without asking again', async () => {
    const { store, calls } = await restoreAgainst([fail(401, 'Invalid or expired token')]);
    expect(calls).toBe(1);
    expect(store.getState().auth.status).toBe('guest');
    expect(readStoredSession()).toBeNull();
  });

  it('asks again when the server was busy or a proxy answered for it, and keeps the session then confirmed', async () => {
    const { store, calls } = await restoreAgainst([
      fail(503, 'Service Unavailable'),
      fail(502, 'Bad Gateway'),
      ok({ user }),
    ]);
    expect(calls).toBe(3);
    expect(store.getState().auth).toMatchObject({ status: 'authenticated', token: 'jwt' });
    expect(readStoredSession()).toEqual({ token: 'jwt', user });
  });

  it('clears the session at once on an answer about the caller, such as 403', async () => {
    const { store, calls } = await restoreAgainst([fail(403, 'Access denied')]);
    expect(calls).toBe(1);
    expect(store.getState().auth.status).toBe('guest');
    expect(readStoredSession()).toBeNull();
  });

  it('keeps the stored session and keeps asking while no verdict comes, saying the server is being retried', async () => {
    const { store, fake } = storeWithAnswers([
      null,
      null,
      fail(503, 'Service Unavailable'),
      null,
      null,
      null,
      ok({ user }),
    ]);
    const seen: Array<{ status: string; unreachable?: boolean; stored: boolean }> = [];
    store.subscribe(() => {
      const { status, unreachable } = store.getState().auth;
      seen.push({ status, unreachable, stored: readStoredSession() !== null });
    });
    await restoreSession(store, [0, 0]);

    expect(fake.calls.length).toBe(7);
    // Six unanswered checks, more than the delays listed: the session was never given up meanwhile.
    expect(seen.some((state) => state.status === 'loading' && state.unreachable === true)).toBe(true);
    expect(seen.every((state) => state.stored)).toBe(true);
    expect(seen.some((state) => state.status === 'guest')).toBe(false);
    expect(store.getState().auth).toMatchObject({ status: 'authenticated', token: 'jwt' });
    expect(store.getState().auth.unreachable).toBeUndefined();
    expect(readStoredSession()).toEqual({ token: 'jwt', user });
  });

  it('toasts nothing while it retries (the screen says so), and a 401 still ends the session', async () => {
    const toastError = jest.spyOn(toast, 'error');
    try {
      await restoreAgainst([null, fail(503, 'Service Unavailable'), ok({ user })]);
      expect(toastError).not.toHaveBeenCalled();
      restoreFetch?.();
      localStorage.clear();
      const { store } = await restoreAgainst([fail(401, 'Invalid or expired token')]);
      expect(store.getState().auth.status).toBe('guest');
      expect(readStoredSession()).toBeNull();
    } finally {
      toastError.mockRestore();
    }
  });

  it('asks again when the answer could not be read (a page navigated away mid-body), never clearing the shared session', async () => {
    writeStoredSession({ token: 'jwt', user });
    const realFetch = globalThis.fetch;
    let calls = 0;
    // The first answer's headers arrive, then its body is cut off: what a tab sees when it leaves while restoring.
    globalThis.fetch = async () => {
      calls += 1;
      if (calls > 1) return Response.json({ success: true, message: 'OK', data: { user } });
      const cut = new ReadableStream({ start: (controller) => controller.error(new Error('aborted')) });
      return new Response(cut, { status: 200, headers: { 'content-type': 'application/json' } });
    };
    restoreFetch = () => {
      globalThis.fetch = realFetch;
    };
    const store = createAppStore(readStoredSession());
    const stored: boolean[] = [];
    store.subscribe(() => stored.push(readStoredSession() !== null));
    await restoreSession(store, [0, 0]);
    expect(calls).toBe(2);
    expect(stored.every(Boolean)).toBe(true);
    expect(store.getState().auth).toMatchObject({ status: 'authenticated', token: 'jwt' });
  });

  it('asks again when a 2xx answer is not the API envelope (a proxy or portal answered), keeping the session', async () => {
    const { store, calls } = await restoreAgainst([
      { status: 200, body: '<html>portal</html>' },
      ok({ user }),
    ]);
    expect(calls).toBe(2);
    expect(store.getState().auth).toMatchObject({ status: 'authenticated', token: 'jwt' });
    expect(readStoredSession()).toEqual({ token: 'jwt', user });
  });

  it('a refusal after unanswered checks still clears the session', async () => {
    const { store, calls } = await restoreAgainst([null, null, null, fail(401, 'Invalid or expired token')]);
    expect(calls).toBe(4);
    expect(store.getState().auth.status).toBe('guest');
    expect(readStoredSession()).toBeNull();
  });
});
