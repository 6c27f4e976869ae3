import { describe, expect, it } from '@jest/globals';
import {
  activeUserCountUpdated,
  draftRoomJoined,
  initialLiveState,
  liveAuthenticated,
  liveConnected,
  liveDisconnected,
  liveReducer,
  liveReset,
  selectActiveUserCount,
  selectIsLiveConnected,
  type LiveState,
} from '../live-slice.js';

const run = (...actions: Parameters<typeof liveReducer>[1][]) =>
  actions.reduce<LiveState>((state, action) => liveReducer(state, action), initialLiveState);

describe('live slice', () => {
  it('is disconnected with no count at first', () => {
    const state = run();
    expect(selectIsLiveConnected({ live: state })).toBe(false);
    expect(selectActiveUserCount({ live: state })).toBeNull();
  });

  it('has no count while connected until the server reports one', () => {
    const state = run(liveConnected(), liveAuthenticated());
    expect(selectIsLiveConnected({ live: state })).toBe(true);
    expect(selectActiveUserCount({ live: state })).toBeNull();
  });

  it('counts active users while connected and authenticated', () => {
    const state = run(liveConnected(), liveAuthenticated(), activeUserCountUpdated(3));
    expect(state.status).toBe('authenticated');
    expect(selectIsLiveConnected({ live: state })).toBe(true);
    expect(selectActiveUserCount({ live: state })).toBe(3);
  });

  it('forgets the active-user count and the joined draft on disconnect', () => {
    const state = run(liveConnected(), activeUserCountUpdated(1), draftRoomJoined('d1'), liveDisconnected());
    expect(state).toEqual(initialLiveState);
  });

  it('forgets everything on reset (logout)', () => {
    expect(run(liveConnected(), activeUserCountUpdated(1), liveReset())).toEqual(initialLiveState);
  });
});
