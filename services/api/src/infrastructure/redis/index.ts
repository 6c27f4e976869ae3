export { REDIS, REDIS_NAMESPACE } from './redis.tokens.js';
export { RedisModule, closeBullmq, closeRedisClient, createRedisClient } from './redis.module.js';
export { listenToChannel, type ChannelListener, type SubscriberClient } from './redis-channel.js';
export {
  redisNamespaceFor,
  namespacedKey,
  bullmqPrefixFor,
  socketIoAdapterKeyFor,
} from './redis-namespace.js';
export { RedisOutageLog, type OutageLogger } from './redis-outage-log.js';
