import { getLiveSocket } from './live-socket-registry.js';

/** What the server acknowledged, or why there is no acknowledgement to wait for. */
export type LiveAnswer = { answered: true; answer: unknown } | { answered: false };

/**
 * Sends `event` on the live socket and waits for its acknowledgement. Not answered when there is no connected socket
 * (socket.io would hold the message and send it after a reconnect, perhaps much later), when the socket disconnects
 * first, or after `timeoutMs`: the message may or may not have been handled then, so a caller that falls back to
 * another way sends the same idempotency key.
 */
export function askLiveSocket(event: string, payload: unknown, timeoutMs: number): Promise<LiveAnswer> {
  const socket = getLiveSocket();
  if (!socket?.connected) return Promise.resolve({ answered: false });
  return new Promise((resolve) => {
    let settled = false;
    const settle = (answer: LiveAnswer) => {
      if (settled) return;
      settled = true;
      clearTimeout(timer);
      socket.off('disconnect', onDisconnect);
      resolve(answer);
    };
    const onDisconnect = () => settle({ answered: false });
    const timer = setTimeout(() => settle({ answered: false }), timeoutMs);
    socket.on('disconnect', onDisconnect);
    socket.emit(event, payload, (answer: unknown) => settle({ answered: true, answer }));
  });
}
