import { describe, expect, it } from '@jest/globals';
import type { Dispatch } from '@reduxjs/toolkit';
import type { Socket } from 'socket.io-client';
import { FakeLiveSocket } from '../../../test/fake-live-socket.js';
import { initialLiveState, liveReducer, selectActiveUserCount, type LiveState } from '../live-slice.js';
import { listenToPresence } from '../live-socket.js';

/** A store of the live slice alone, fed by the presence listeners of a fake socket. */
function listening() {
  const socket = new FakeLiveSocket();
  let state: LiveState = initialLiveState;
  const dispatch = ((action: Parameters<typeof liveReducer>[1]) => {
    state = liveReducer(state, action);
    return action;
  }) as Dispatch;
  listenToPresence(socket as unknown as Socket, dispatch);
  return { socket, state: () => state };
}

describe('presence events', () => {
  it('shows the count of activeUsersUpdate {count}', () => {
    const live = listening();
    live.socket.serverSends('activeUsersUpdate', { count: 42 });
    expect(selectActiveUserCount({ live: live.state() })).toBe(42);
  });

  it("keeps the count when a room is joined: draftJoined lists the room's users, not everyone", () => {
    const live = listening();
    live.socket.serverSends('activeUsersUpdate', { count: 42 });
    live.socket.serverSends('draftJoined', {
      draftId: 'd1',
      position: null,
      activeUsers: [{ username: 'ann' }, { username: 'bob' }],
      chatHistory: [],
    });
    expect(selectActiveUserCount({ live: live.state() })).toBe(42);
    expect(live.state().joinedDraftId).toBe('d1');
  });

  it('ignores a malformed count', () => {
    const live = listening();
    live.socket.serverSends('activeUsersUpdate', { count: 5 });
    live.socket.serverSends('activeUsersUpdate', { activeUsers: [{ username: 'ann' }] });
    expect(selectActiveUserCount({ live: live.state() })).toBe(5);
  });
});
