import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { listenToChannel, type SubscriberClient } from './redis-channel.js';

/** An ioredis client's events and SUBSCRIBE, answered by the test (a unit test of the protocol only). */
function fakeClient() {
  const emitter = new EventEmitter();
  const subscribes: Array<{ channel: string; answer: () => void; fail: (error: Error) => void }> = [];
  const reconnects: boolean[] = [];
  const client = {
    on: (event: string, handler: (...args: unknown[]) => void) => emitter.on(event, handler),
    subscribe: (channel: string) =>
      new Promise<number>((resolve, reject) =>
        subscribes.push({ channel, answer: () => resolve(1), fail: reject }),
      ),
    disconnect: (reconnect?: boolean) => reconnects.push(reconnect === true),
  } as unknown as SubscriberClient;
  return { client, emitter, subscribes, reconnects };
}

function recordingListener() {
  const calls: string[] = [];
  return {
    calls,
    listener: {
      onMessage: (text: string) => calls.push(`message ${text}`),
      onSubscribed: () => calls.push('subscribed'),
      onUnsubscribed: () => calls.push('unsubscribed'),
    },
  };
}

const tick = () => new Promise((resolve) => setImmediate(resolve));
const logger = { warn: () => undefined };

describe('listenToChannel', () => {
  it('subscribes on every connect and reports it only once Redis confirmed', async () => {
    const { client, emitter, subscribes } = fakeClient();
    const { calls, listener } = recordingListener();
    listenToChannel(client, 'ns:teams:changes', listener, logger);
    emitter.emit('ready');
    await tick();
    expect(subscribes.map((s) => s.channel)).toEqual(['ns:teams:changes']);
    expect(calls).toEqual([]);
    subscribes[0]!.answer();
    await tick();
    emitter.emit('message', 'ns:teams:changes', 'hello');
    emitter.emit('message', 'other:channel', 'not for us');
    emitter.emit('close');
    emitter.emit('ready');
    subscribes[1]!.answer();
    await tick();
    expect(calls).toEqual(['subscribed', 'message hello', 'unsubscribed', 'subscribed']);
  });

  it('ignores the confirmation of a connection that closed since', async () => {
    const { client, emitter, subscribes } = fakeClient();
    const { calls, listener } = recordingListener();
    listenToChannel(client, 'c', listener, logger);
    emitter.emit('ready');
    emitter.emit('close');
    subscribes[0]!.answer();
    await tick();
    expect(calls).toEqual(['unsubscribed']);
  });

  it('reconnects when the SUBSCRIBE fails, rather than stay connected and deaf', async () => {
    const { client, emitter, subscribes, reconnects } = fakeClient();
    const { calls, listener } = recordingListener();
    listenToChannel(client, 'c', listener, logger);
    emitter.emit('ready');
    subscribes[0]!.fail(new Error('NOPERM'));
    await tick();
    expect(reconnects).toEqual([true]);
    expect(calls).toEqual([]);
  });
});
