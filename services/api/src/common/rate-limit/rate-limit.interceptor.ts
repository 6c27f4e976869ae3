import {
  HttpException,
  HttpStatus,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import { RATE_LIMIT_KEY, type RateLimitRule } from './rate-limit.decorator.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

/**
 * Enforces `@RateLimit(...)` rules with counters in Redis. An interceptor, not a guard, because a rule may count
 * only failed requests (wrong passwords), which is known after the handler ran.
 * (Not @nestjs/throttler: 6.x is CommonJS requiring the ESM-only @nestjs/common, which Jest on Node 20 cannot
 * load, so no integration test could boot the app.)
 */
@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RedisRateLimiter,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const rule = this.reflector.getAllAndOverride<RateLimitRule | undefined>(RATE_LIMIT_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!rule) return next.handle();
    const http = context.switchToHttp();
    const key = rule.key(http.getRequest());
    const refuse = (retryAfterMs: number): never => {
      http
        .getResponse<{ setHeader(name: string, value: string): void }>()
        .setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      throw new HttpException(rule.message, HttpStatus.TOO_MANY_REQUESTS);
    };
    const hit = () => this.limiter.hit(rule.name, key, rule.limit, rule.windowMs, rule.blockMs);

    if (!rule.countWhen) {
      const decision = await hit();
      if (decision.refused) refuse(decision.retryAfterMs);
      return next.handle();
    }
    // The place is taken before the handler runs, and given back when the outcome does not count: checking a block
    // first and counting failures afterwards let a burst of simultaneous guesses all run (40 at once: 40 tries).
    const reserved = await this.limiter.reserve(rule.name, key, rule.limit, rule.windowMs, rule.blockMs);
    if (reserved.refused) refuse(reserved.retryAfterMs);
    const countWhen = rule.countWhen;
    const blockMs = rule.blockMs ?? rule.windowMs;
    const release = () => this.limiter.release(rule.name, key);
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        await release();
        return answer;
      }),
      catchError((error: unknown) =>
        from(
          (async () => {
            if (countWhen(error)) await this.limiter.failed(rule.name, key, rule.limit, blockMs);
            else await release();
            throw error;
          })(),
        ),
      ),
    );
  }
}
