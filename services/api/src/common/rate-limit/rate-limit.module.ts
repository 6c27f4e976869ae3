import { Global, Module } from '@nestjs/common';
import { APP_INTERCEPTOR } from '@nestjs/core';
import { RateLimitInterceptor } from './rate-limit.interceptor.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

/** `@RateLimit(rule)` on any route; checked after authentication and role guards. */
@Global()
@Module({
  providers: [RedisRateLimiter, { provide: APP_INTERCEPTOR, useClass: RateLimitInterceptor }],
  exports: [RedisRateLimiter],
})
export class RateLimitModule {}
