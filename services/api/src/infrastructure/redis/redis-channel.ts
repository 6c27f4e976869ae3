import type { Redis } from 'ioredis';

/** What a channel's listener is told. */
export interface ChannelListener {
  onMessage(text: string): void;
  /** Subscribed (again): every message published from now on arrives; any sent while not subscribed was missed. */
  onSubscribed(): void;
  /** The connection dropped: messages are missed until the next `onSubscribed`. */
  onUnsubscribed(): void;
}

/** What `listenToChannel` needs of an ioredis client (a fake in unit tests). */
export type SubscriberClient = Pick<Redis, 'on' | 'subscribe' | 'disconnect'>;

/**
 * Subscribes `client` (a dedicated connection: `createRedisClient(url, name, { subscriber: true })`) to `channel`
 * on every connect, and tells `listener` when it hears and when it may have missed messages. Pub/sub delivers only
 * to connections subscribed at the time of the PUBLISH: a listener that keeps state derived from the messages must
 * treat `onSubscribed` after a drop as "anything may have changed". It is called only once Redis confirmed the
 * SUBSCRIBE, so nothing published after that call is missed.
 */
export function listenToChannel(
  client: SubscriberClient,
  channel: string,
  listener: ChannelListener,
  logger: { warn(message: string): void },
): void {
  // Which connection a SUBSCRIBE reply belongs to: a late reply must not report a connection that closed since.
  let connection = 0;
  client.on('message', (from: string, text: string) => {
    if (from === channel) listener.onMessage(text);
  });
  client.on('close', () => {
    connection += 1;
    listener.onUnsubscribed();
  });
  client.on('ready', () => {
    const current = connection;
    client.subscribe(channel).then(
      () => {
        if (current === connection) listener.onSubscribed();
      },
      (error: Error) => {
        if (current !== connection) return;
        logger.warn(`could not subscribe to ${channel}: ${error.message}; reconnecting`);
        // Connected but not subscribed would miss every message unnoticed: reconnect, which subscribes again.
        client.disconnect(true);
      },
    );
  });
}
