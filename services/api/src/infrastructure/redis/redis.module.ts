import {
  Global,
  Inject,
  Logger,
  Module,
  type OnApplicationBootstrap,
  type OnApplicationShutdown,
} from '@nestjs/common';
import { Redis } from 'ioredis';
import { CONFIG, type AppConfig } from '../../config/config.js';
import { warnWhenRedisMayEvict } from './redis-eviction-policy.js';
import { redisNamespaceFor } from './redis-namespace.js';
import { REDIS, REDIS_NAMESPACE } from './redis.tokens.js';

/** How long a `failFast` client waits for Redis to answer one command. */
export const FAIL_FAST_COMMAND_TIMEOUT_MS = 1000;

/**
 * A new ioredis client. `blocking: true` is for BullMQ workers (blocking commands must wait through
 * reconnects); `failFast: true` is for producers on a command's path (the command must not wait out an outage).
 * BullMQ cannot load ioredis by itself here (it is not hoisted to the root node_modules), so always
 * hand it a client: `new Worker(name, fn, { connection: createRedisClient(url, 'worker', { blocking: true }),
 * prefix: bullmqPrefixFor(namespace) })`.
 */
export function createRedisClient(
  redisUrl: string,
  connectionName: string,
  options: { blocking?: boolean; subscriber?: boolean; failFast?: boolean } = {},
): Redis {
  const client = new Redis(redisUrl, {
    connectionName,
    // Otherwise fail a command after a few reconnect attempts instead of queueing forever: health checks and
    // requests must answer even while Redis is down.
    maxRetriesPerRequest: options.blocking ? null : 3,
    // A producer whose callers must not wait on Redis at all (BullMQ's "failing fast when Redis is down"): refuse
    // commands at once while disconnected, and give up on one Redis leaves unanswered.
    ...(options.failFast && { enableOfflineQueue: false, commandTimeout: FAIL_FAST_COMMAND_TIMEOUT_MS }),
    // A subscriber (`listenToChannel`) subscribes again itself on every connect, to learn when it hears again.
    ...(options.subscriber && { autoResubscribe: false }),
  });
  const logger = new Logger('Redis');
  let lastError = '';
  client.on('error', (error: Error) => {
    // ioredis emits the same error on every reconnect attempt: log each distinct one once.
    if (error.message !== lastError) logger.warn(`${connectionName}: ${error.message}`);
    lastError = error.message;
  });
  client.on('ready', () => {
    lastError = '';
  });
  return client;
}

/**
 * Closes a client: QUIT when connected (what was sent still gets its answer), else at once: a client waiting to
 * reconnect would hold QUIT until Redis comes back, and the process would not end.
 */
export async function closeRedisClient(client: Redis): Promise<void> {
  if (client.status !== 'ready') {
    client.disconnect();
    return;
  }
  await client.quit().then(
    () => undefined,
    () => client.disconnect(),
  );
}

/**
 * Closes BullMQ queues, workers and queue events, then their clients. BullMQ's close waits for Redis (a worker's
 * close never ends while Redis is unreachable), so with any client not connected the closes are not waited for.
 */
export async function closeBullmq(
  parts: ReadonlyArray<{ close(): Promise<void> } | undefined>,
  clients: readonly Redis[],
): Promise<void> {
  const closing = Promise.allSettled(parts.map((part) => part?.close()));
  if (clients.every((client) => client.status === 'ready')) await closing;
  await Promise.allSettled(clients.map((client) => closeRedisClient(client)));
}

@Global()
@Module({
  providers: [
    {
      provide: REDIS_NAMESPACE,
      useFactory: (config: AppConfig) => redisNamespaceFor(config.databaseName),
      inject: [CONFIG],
    },
    {
      provide: REDIS,
      useFactory: (config: AppConfig) => createRedisClient(config.redisUrl, 'auction-api'),
      inject: [CONFIG],
    },
  ],
  exports: [REDIS, REDIS_NAMESPACE],
})
export class RedisModule implements OnApplicationBootstrap, OnApplicationShutdown {
  constructor(@Inject(REDIS) private readonly redis: Redis) {}

  /** Not awaited: a slow or unreachable Redis must not hold up the start (the health check reports it). */
  onApplicationBootstrap(): void {
    void warnWhenRedisMayEvict(this.redis, new Logger('Redis'));
  }

  async onApplicationShutdown(): Promise<void> {
    await closeRedisClient(this.redis);
  }
}
