import { afterEach, describe, expect, it } from '@jest/globals';
import { installFakeLiveSocket } from '../../../test/fake-live-socket.js';
import { watchDraftList } from '../watch-drafts.js';

let restore: (() => void) | null = null;

afterEach(() => {
  restore?.();
  restore = null;
});

describe('watchDraftList', () => {
  it('keeps the socket watching while any list is shown, again on every reconnect, and unwatches after the last', () => {
    const live = installFakeLiveSocket();
    restore = live.restore;
    const stopDashboard = watchDraftList();
    const stopPicker = watchDraftList();
    expect(live.socket.sentPayloads('watchDrafts')).toHaveLength(2);

    // A reconnect is a new socket on the server, in no room: ask again.
    live.socket.serverSends('connect', undefined);
    expect(live.socket.sentPayloads('watchDrafts')).toHaveLength(3);

    stopDashboard();
    stopDashboard(); // twice is once
    expect(live.socket.sentPayloads('unwatchDrafts')).toHaveLength(0);
    stopPicker();
    expect(live.socket.sentPayloads('unwatchDrafts')).toHaveLength(1);
    live.socket.serverSends('connect', undefined);
    expect(live.socket.sentPayloads('watchDrafts')).toHaveLength(3);
  });
});
