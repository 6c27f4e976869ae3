import { describe, expect, it } from '@jest/globals';
import {
  bullmqPrefixFor,
  namespacedKey,
  redisNamespaceFor,
  socketIoAdapterKeyFor,
} from './redis-namespace.js';
import { databaseNameOf } from '../../config/config.js';

describe('redis namespace', () => {
  it('is derived from the database name, so copies on different databases never share keys', () => {
    const a = redisNamespaceFor(databaseNameOf('postgres://postgres@127.0.0.1:5432/auction_draft'));
    const b = redisNamespaceFor(databaseNameOf('postgres://other-host:5433/auction_draft'));
    const c = redisNamespaceFor(databaseNameOf('postgres://postgres@127.0.0.1:5432/auction_test_api_1'));
    expect(a).toBe('auction:auction_draft:');
    expect(b).toBe(a);
    expect(c).not.toBe(a);
  });

  it('prefixes keys, BullMQ queues and socket.io channels', () => {
    const ns = redisNamespaceFor('db1');
    expect(namespacedKey(ns, 'presence', 'sockets')).toBe('auction:db1:presence:sockets');
    expect(bullmqPrefixFor(ns)).toBe('auction:db1:bull');
    expect(socketIoAdapterKeyFor(ns)).toBe('auction:db1:socket.io');
  });

  it('refuses an empty database name', () => {
    expect(() => redisNamespaceFor('')).toThrow(TypeError);
  });
});
