export { REDIS, REDIS_NAMESPACE } from './redis.tokens.js';
export { RedisModule, createRedisClient } from './redis.module.js';
export {
  redisNamespaceFor,
  namespacedKey,
  bullmqPrefixFor,
  socketIoAdapterKeyFor,
} from './redis-namespace.js';
