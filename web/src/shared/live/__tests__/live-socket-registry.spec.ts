import { afterEach, describe, expect, it } from '@jest/globals';
import type { Socket } from 'socket.io-client';
import { FakeLiveSocket } from '../../../test/fake-live-socket.js';
import {
  getLiveSocket,
  noteLiveConnection,
  onLiveEvent,
  replacedConnectionId,
  setLiveSocket,
} from '../live-socket-registry.js';

const asSocket = (fake: FakeLiveSocket) => fake as unknown as Socket;

afterEach(() => setLiveSocket(null));

describe('live socket registry', () => {
  it('delivers events of the open socket, and of the next one after a new sign-in', () => {
    const first = new FakeLiveSocket();
    const second = new FakeLiveSocket();
    const received: unknown[] = [];
    setLiveSocket(asSocket(first));
    const stop = onLiveEvent('playerSyncProgress', (payload) => received.push(payload));

    first.serverSends('playerSyncProgress', 1);
    setLiveSocket(null);
    expect(first.listenerCount('playerSyncProgress')).toBe(0);
    setLiveSocket(asSocket(second));
    second.serverSends('playerSyncProgress', 2);
    first.serverSends('playerSyncProgress', 'old socket');
    expect(received).toEqual([1, 2]);
    expect(getLiveSocket()).toBe(asSocket(second));

    stop();
    second.serverSends('playerSyncProgress', 3);
    expect(received).toEqual([1, 2]);
    expect(second.listenerCount('playerSyncProgress')).toBe(0);
  });

  it('starts listening once a socket opens', () => {
    const received: unknown[] = [];
    const stop = onLiveEvent('pickMade', (payload) => received.push(payload));
    const socket = new FakeLiveSocket();
    setLiveSocket(asSocket(socket));
    socket.serverSends('pickMade', 'pick');
    socket.serverSends('other', 'ignored');
    expect(received).toEqual(['pick']);
    stop();
  });
});

describe('the connection a rejoin replaces', () => {
  it('is the socket’s connection before the current one, and nothing for a new socket', () => {
    setLiveSocket(asSocket(new FakeLiveSocket()));
    noteLiveConnection('first');
    expect(replacedConnectionId()).toBeNull();
    noteLiveConnection('second');
    expect(replacedConnectionId()).toBe('first');
    noteLiveConnection('third');
    expect(replacedConnectionId()).toBe('second');
    // Another sign-in opens a new socket: its first connection replaces nothing of the old one.
    setLiveSocket(asSocket(new FakeLiveSocket()));
    noteLiveConnection('fourth');
    expect(replacedConnectionId()).toBeNull();
  });
});
