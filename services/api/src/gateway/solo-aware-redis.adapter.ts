import { RedisAdapter, type RedisAdapterOptions } from '@socket.io/redis-adapter';
import { Logger } from '@nestjs/common';
import type { Redis } from 'ioredis';

/** How often an instance asks Redis how many instances listen (PUBSUB NUMSUB, one round trip). */
export const PEER_POLL_MS = 1_000;
/** How long a starting instance waits for the running ones to confirm they publish again. */
export const PEER_HANDSHAKE_TIMEOUT_MS = 2_000;

type Namespace = ConstructorParameters<typeof RedisAdapter>[0];

const SUBSCRIPTION_COMMANDS = ['subscribe', 'psubscribe', 'unsubscribe', 'punsubscribe'] as const;
const PUBLISH_COMMANDS = ['publish'] as const;
/** At most one warning per this long about broadcasts Redis did not take. */
const PUBLISH_FAILURE_LOG_MS = 10_000;

const logger = new Logger('Socket');
const quietedSubscribers = new WeakSet<Redis>();
const quietedPublishers = new WeakSet<Redis>();

/**
 * The stock adapter sends its commands without handling the answers: it subscribes in its constructor, unsubscribes
 * in close(), and publishes every broadcast, request and response with a bare `pubClient.publish(...)`. With Redis
 * down long enough for ioredis to give a command up (MaxRetriesPerRequestError), each of those rejections is
 * unhandled — and an unhandled rejection ends the process: one live event during a Redis outage took the API down.
 * Here those commands handle their own failures. A lost subscription is the poll's and the reconnect's to mend; a
 * lost publish reaches this instance's sockets anyway (the local broadcast does not wait for Redis) and only other
 * instances miss it, which is logged.
 */
function quietCommands<Name extends string>(
  redis: Redis,
  commands: readonly Name[],
  onFailure: (error: unknown) => void,
): Redis {
  const client = redis as unknown as Record<Name, (...args: unknown[]) => Promise<unknown>>;
  for (const command of commands) {
    const original = client[command].bind(redis);
    client[command] = (...args: unknown[]) => {
      const answer = original(...args);
      answer.catch(onFailure);
      return answer;
    };
  }
  return redis;
}

function quietSubscriptions(sub: Redis): Redis {
  if (quietedSubscribers.has(sub)) return sub;
  quietedSubscribers.add(sub);
  return quietCommands(sub, SUBSCRIPTION_COMMANDS, () => undefined);
}

function quietPublishes(pub: Redis): Redis {
  if (quietedPublishers.has(pub)) return pub;
  quietedPublishers.add(pub);
  let lastLoggedAt = -Infinity;
  let failedSince = 0;
  return quietCommands(pub, PUBLISH_COMMANDS, (error) => {
    failedSince += 1;
    const now = Date.now();
    if (now - lastLoggedAt < PUBLISH_FAILURE_LOG_MS) return;
    lastLoggedAt = now;
    const reason = error instanceof Error ? error.message : String(error);
    logger.warn(
      `${failedSince} broadcast(s) not published to other instances (Redis: ${reason}); this instance's sockets got them`,
    );
    failedSince = 0;
  });
}
type BroadcastOptions = Parameters<RedisAdapter['broadcast']>[1];

/**
 * The socket.io Redis adapter, minus the Redis round trip when no other API instance listens (ADR 0025). The stock
 * adapter publishes every broadcast and reads it back on its own subscription: on one instance that is a msgpack
 * encode, a PUBLISH, a decode and two socket writes per live event for nobody (~10 % of the API's busy time at 200
 * drafts, docs/benchmarks.md). Here a broadcast stays local while Redis says this is the only subscriber of the
 * adapter's request channel.
 *
 * Safety rests on one rule: *publishing is the default*. An instance starts publishing, turns local only after a
 * poll found no other listener, and publishes again as soon as a poll finds one or another instance says hello. A
 * starting instance subscribes, then (if others listen) says hello and waits — before it serves any socket — until
 * each of them acknowledged, i.e. switched back to publishing, or PEER_HANDSHAKE_TIMEOUT_MS passed (the running
 * ones also find it by their next poll, within PEER_POLL_MS). So no socket of the new instance can miss a broadcast of
 * an old one, unless an old instance's event loop stalls longer than the timeout at that very moment.
 */
export class SoloAwareRedisAdapter extends RedisAdapter {
  private alone = false;
  private closed = false;
  /** Bumped by every hello: a poll begun before one must not declare this instance alone after it. */
  private hellos = 0;
  private readonly peersChannel: string;
  private readonly poller: NodeJS.Timeout;
  private readonly subscribed: Promise<unknown>;
  private readonly acks = new Set<string>();
  private onAck: (() => void) | undefined;
  private readonly onPeerMessage = (channel: Buffer, message: Buffer) => this.peerMessage(channel, message);

  constructor(nsp: Namespace, pub: Redis, sub: Redis, opts: Partial<RedisAdapterOptions> & { key: string }) {
    super(nsp, quietPublishes(pub), quietSubscriptions(sub), opts);
    this.peersChannel = `${opts.key}-peers#${this.nsp.name}#`;
    sub.on('messageBuffer', this.onPeerMessage);
    // The stock adapter subscribes in its constructor; a command queued after it answers after it.
    this.subscribed = sub.subscribe(this.peersChannel).catch(() => undefined);
    this.poller = setInterval(() => void this.poll(), PEER_POLL_MS);
    this.poller.unref();
  }

  /** Whether broadcasts currently skip Redis (for metrics and tests). */
  isAlone(): boolean {
    return this.alone;
  }

  /**
   * Resolves once the instances already running publish again (or did not answer in time), so this one may serve
   * sockets. Immediate when no other instance listens.
   */
  async ready(): Promise<void> {
    // Bounded as a whole: with Redis unreachable the subscribe and the count would wait for it. This instance
    // publishes meanwhile (the default), and the others find it by their poll once Redis answers again.
    let timeout: NodeJS.Timeout | undefined;
    const gaveUp = new Promise<void>((resolve) => {
      timeout = setTimeout(resolve, PEER_HANDSHAKE_TIMEOUT_MS);
      timeout.unref();
    });
    try {
      await Promise.race([this.handshake(), gaveUp]);
    } finally {
      clearTimeout(timeout);
      this.onAck = undefined;
    }
  }

  private async handshake(): Promise<void> {
    await this.subscribed;
    const others = await this.otherInstances();
    if (others === 0) return;
    await new Promise<void>((resolve) => {
      this.onAck = () => {
        if (this.acks.size >= others) resolve();
      };
      void (this.pubClient as Redis).publish(this.peersChannel, `hello ${this.uid}`).catch(() => resolve());
    });
  }

  override broadcast(packet: unknown, opts: BroadcastOptions): void {
    super.broadcast(packet, this.alone ? localOnly(opts) : opts);
  }

  override broadcastWithAck(
    packet: unknown,
    opts: BroadcastOptions,
    clientCountCallback: (clientCount: number) => void,
    ack: (...args: unknown[]) => void,
  ): void {
    super.broadcastWithAck(packet, this.alone ? localOnly(opts) : opts, clientCountCallback, ack);
  }

  override close(): Promise<void> | void {
    this.closed = true;
    clearInterval(this.poller);
    const sub = this.subClient as Redis;
    sub.off('messageBuffer', this.onPeerMessage);
    void sub.unsubscribe(this.peersChannel).catch(() => undefined);
    return super.close();
  }

  private async poll(): Promise<void> {
    if (this.closed) return;
    const hellosBefore = this.hellos;
    const others = await this.otherInstances();
    if (this.hellos === hellosBefore) this.alone = others === 0;
  }

  /** Other instances on the request channel; a failure counts as "some" (publishing is the safe side). */
  private async otherInstances(): Promise<number> {
    try {
      return Math.max(0, (await this.serverCount()) - 1);
    } catch {
      return 1;
    }
  }

  private peerMessage(channel: Buffer, message: Buffer): void {
    if (channel.toString() !== this.peersChannel) return;
    const [kind, from, to] = message.toString().split(' ');
    if (!from || from === this.uid) return;
    if (kind === 'hello') {
      // From now on every broadcast of this instance reaches the newcomer's sockets too.
      this.alone = false;
      this.hellos += 1;
      void (this.pubClient as Redis)
        .publish(this.peersChannel, `ack ${this.uid} ${from}`)
        .catch(() => undefined);
    } else if (kind === 'ack' && to === this.uid) {
      this.acks.add(from);
      this.onAck?.();
    }
  }
}

function localOnly(opts: BroadcastOptions): BroadcastOptions {
  return { ...opts, flags: { ...opts.flags, local: true } };
}

/** createAdapter's counterpart that also hands out the adapters, so the app can await their handshake. */
export function createSoloAwareAdapter(
  pub: Redis,
  sub: Redis,
  opts: Partial<RedisAdapterOptions> & { key: string },
  created: (adapter: SoloAwareRedisAdapter) => void,
): (nsp: Namespace) => SoloAwareRedisAdapter {
  // socket.io calls the factory with `new`: an arrow function cannot be.
  return function soloAwareAdapter(nsp: Namespace) {
    const adapter = new SoloAwareRedisAdapter(nsp, pub, sub, opts);
    created(adapter);
    return adapter;
  };
}
