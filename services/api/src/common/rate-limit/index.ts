export {
  RateLimit,
  RATE_LIMIT_KEY,
  type RateLimitOutcome,
  type RateLimitRule,
  type RateLimitRuleSource,
} from './rate-limit.decorator.js';
export { RateLimitInterceptor } from './rate-limit.interceptor.js';
export { RedisRateLimiter } from './redis-rate-limiter.js';
export { RateLimitModule } from './rate-limit.module.js';
export { clientNetwork } from './client-network.js';
