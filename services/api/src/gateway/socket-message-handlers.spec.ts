import { EventEmitter } from 'node:events';
import { describe, expect, it } from '@jest/globals';
import { IoAdapter } from '@nestjs/platform-socket.io';
import { Observable, of } from 'rxjs';
import { SOCKET_MESSAGES_IN_FLIGHT_MAX, TOO_MANY_SOCKET_MESSAGES_IN_FLIGHT } from '@auction/contracts';
import { bindSocketMessageHandlers, type SocketMessageHandler } from './socket-message-handlers.js';

/** A socket.io socket as far as the binder sees it: events in (`receive`), emits recorded. */
class RecordingSocket extends EventEmitter {
  disconnected = false;
  readonly sent: unknown[][] = [];
  override emit(event: string, ...args: unknown[]): boolean {
    this.sent.push([event, ...args]);
    return true;
  }
  receive(event: string, ...args: unknown[]): void {
    super.emit(event, ...args);
  }
}

const mapPayload = (payload: unknown) => IoAdapter.prototype.mapPayload(payload);
const settle = () => new Promise((resolve) => setImmediate(resolve));

function bind(
  handlers: Array<Partial<SocketMessageHandler> & Pick<SocketMessageHandler, 'message' | 'callback'>>,
) {
  const socket = new RecordingSocket();
  const errors: unknown[] = [];
  bindSocketMessageHandlers(
    socket,
    handlers.map((handler) => ({ isAckHandledManually: false, ...handler })),
    mapPayload,
    (error) => errors.push(error),
  );
  return { socket, errors };
}

describe('bindSocketMessageHandlers', () => {
  it('hands the handler the payload and acknowledges with its result; null and undefined are not sent', async () => {
    const seen: unknown[] = [];
    const { socket } = bind([
      {
        message: 'echo',
        callback: (data) => {
          seen.push(data);
          return Promise.resolve(data === 'quiet' ? undefined : data === 'none' ? null : { got: data });
        },
      },
    ]);
    const acks: unknown[] = [];
    socket.receive('echo', { amount: 5 }, (answer: unknown) => acks.push(answer));
    socket.receive('echo', 'quiet', (answer: unknown) => acks.push(answer));
    socket.receive('echo', 'none', (answer: unknown) => acks.push(answer));
    socket.receive('echo', 'a', 'b');
    await settle();
    expect(seen).toEqual([{ amount: 5 }, 'quiet', 'none', ['a', 'b']]);
    expect(acks).toEqual([{ got: { amount: 5 } }]);
    expect(socket.sent).toEqual([]);
  });

  it('sends an { event, data } result as that event, and each value of an Observable result', async () => {
    const { socket } = bind([
      { message: 'one', callback: () => ({ event: 'answer', data: 1 }) },
      {
        message: 'many',
        callback: () => Promise.resolve(of({ event: 'first', data: 'x' }, { event: 'second', data: 'y' })),
      },
    ]);
    const acks: unknown[] = [];
    socket.receive('one', {}, (answer: unknown) => acks.push(answer));
    socket.receive('many', {});
    await settle();
    expect(socket.sent).toEqual([
      ['answer', 1],
      ['first', 'x'],
      ['second', 'y'],
    ]);
    expect(acks).toEqual([]);
  });

  it('leaves the acknowledgement to a handler that takes it itself', async () => {
    const { socket } = bind([
      {
        message: 'manual',
        isAckHandledManually: true,
        callback: (_data, ack) => {
          (ack as (answer: unknown) => void)('by hand');
          return 'not sent';
        },
      },
    ]);
    const acks: unknown[] = [];
    socket.receive('manual', {}, (answer: unknown) => acks.push(answer));
    await settle();
    expect(acks).toEqual(['by hand']);
  });

  it('reports a thrown or rejected handler and keeps handling later messages', async () => {
    let calls = 0;
    const { socket, errors } = bind([
      {
        message: 'flaky',
        callback: () => {
          calls += 1;
          if (calls === 1) throw new Error('sync');
          if (calls === 2) return Promise.reject(new Error('async'));
          return 'fine';
        },
      },
    ]);
    const acks: unknown[] = [];
    for (let i = 0; i < 3; i++) socket.receive('flaky', {}, (answer: unknown) => acks.push(answer));
    await settle();
    expect(errors.map((error) => (error as Error).message)).toEqual(['sync', 'async']);
    expect(acks).toEqual(['fine']);
  });

  it('reports an acknowledgement that throws instead of crashing the process', async () => {
    const { socket, errors } = bind([{ message: 'm', callback: () => 'answer' }]);
    socket.receive('m', {}, () => {
      throw new Error('ack failed');
    });
    await settle();
    expect(errors.map((error) => (error as Error).message)).toEqual(['ack failed']);
  });

  it('answers messages as they finish, not in the order they came', async () => {
    let releaseSlow: (value: string) => void = () => undefined;
    const { socket } = bind([
      {
        message: 'work',
        callback: (data) =>
          data === 'slow'
            ? new Promise<string>((resolve) => (releaseSlow = resolve))
            : Promise.resolve('quick'),
      },
    ]);
    const acks: unknown[] = [];
    socket.receive('work', 'slow', (answer: unknown) => acks.push(answer));
    socket.receive('work', 'fast', (answer: unknown) => acks.push(answer));
    await settle();
    expect(acks).toEqual(['quick']);
    releaseSlow('slow done');
    await settle();
    expect(acks).toEqual(['quick', 'slow done']);
  });

  it('sends nothing once the socket is disconnected', async () => {
    let release: (value: unknown) => void = () => undefined;
    const { socket } = bind([
      { message: 'late', callback: () => new Promise((resolve) => (release = resolve)) },
    ]);
    const acks: unknown[] = [];
    socket.receive('late', {}, (answer: unknown) => acks.push(answer));
    socket.disconnected = true;
    release({ event: 'too-late', data: 1 });
    await settle();
    expect(acks).toEqual([]);
    expect(socket.sent).toEqual([]);
  });

  it("handles at most SOCKET_MESSAGES_IN_FLIGHT_MAX of a socket's messages at once, over all its gateways", async () => {
    // A socket sending faster than its messages are answered (authenticate, chat: one at a time per socket) queued
    // them all: 30,000 chat messages of 4 KB took the heap from 57 MB to 245 MB.
    const pending: Array<() => void> = [];
    let handled = 0;
    const slow = () => {
      handled += 1;
      return new Promise<string>((resolve) => pending.push(() => resolve('done')));
    };
    // Behind an interceptor (the app has global ones) a handler's promise resolves at once, to an Observable that
    // completes when the work is done.
    const slowBehindInterceptor = () => {
      handled += 1;
      return Promise.resolve(
        new Observable<string>((subscriber) => {
          pending.push(() => {
            subscriber.next('done');
            subscriber.complete();
          });
        }),
      );
    };
    const { socket } = bind([{ message: 'one', callback: slow }]);
    // A second gateway's handlers, bound to the same socket, share its allowance.
    bindSocketMessageHandlers(
      socket,
      [{ message: 'two', callback: slowBehindInterceptor, isAckHandledManually: false }],
      mapPayload,
      () => {
        throw new Error('unexpected');
      },
    );
    const half = SOCKET_MESSAGES_IN_FLIGHT_MAX / 2;
    for (let i = 0; i < half; i++) socket.receive('one', {});
    for (let i = 0; i < half + 3; i++) socket.receive('two', {});
    expect(handled).toBe(SOCKET_MESSAGES_IN_FLIGHT_MAX);
    expect(socket.sent).toEqual(
      Array.from({ length: 3 }, () => ['error', { message: TOO_MANY_SOCKET_MESSAGES_IN_FLIGHT }]),
    );
    // An answered message frees its place (a failed or throwing one too: next test).
    pending.shift()!();
    await settle();
    socket.receive('one', {});
    expect(handled).toBe(SOCKET_MESSAGES_IN_FLIGHT_MAX + 1);
    socket.receive('two', {});
    expect(handled).toBe(SOCKET_MESSAGES_IN_FLIGHT_MAX + 1);
    pending.pop()!(); // the last Observable taken completes
    await settle();
    socket.receive('two', {});
    expect(handled).toBe(SOCKET_MESSAGES_IN_FLIGHT_MAX + 2);
  });

  it('frees the place of a message whose handler throws or fails', async () => {
    const errors: unknown[] = [];
    const socket = new RecordingSocket();
    bindSocketMessageHandlers(
      socket,
      [
        {
          message: 'throws',
          isAckHandledManually: false,
          callback: () => {
            throw new Error('sync');
          },
        },
        { message: 'fails', isAckHandledManually: false, callback: () => Promise.reject(new Error('async')) },
      ],
      mapPayload,
      (error) => errors.push(error),
    );
    for (let i = 0; i < SOCKET_MESSAGES_IN_FLIGHT_MAX; i++)
      socket.receive(i % 2 === 0 ? 'throws' : 'fails', {});
    await settle();
    socket.receive('fails', {});
    await settle();
    expect(errors).toHaveLength(SOCKET_MESSAGES_IN_FLIGHT_MAX + 1);
    expect(socket.sent).toEqual([]);
  });
});
