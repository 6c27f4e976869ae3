import {
  HttpException,
  HttpStatus,
  Inject,
  Injectable,
  type CallHandler,
  type ExecutionContext,
  type NestInterceptor,
} from '@nestjs/common';
import { Reflector } from '@nestjs/core';
import { catchError, from, mergeMap, type Observable } from 'rxjs';
import { CONFIG, type AppConfig } from '../../config/config.js';
import {
  RATE_LIMIT_KEY,
  type RateLimitOutcome,
  type RateLimitRule,
  type RateLimitRuleSource,
} from './rate-limit.decorator.js';
import { RedisRateLimiter } from './redis-rate-limiter.js';

/**
 * Enforces `@RateLimit(...)` rules with counters in Redis. An interceptor, not a guard, because a rule may count
 * only some outcomes (wrong passwords, accounts created), which are known after the handler ran.
 * (Not @nestjs/throttler: 6.x is CommonJS requiring the ESM-only @nestjs/common, which Jest on Node 20 cannot
 * load, so no integration test could boot the app.)
 */
@Injectable()
export class RateLimitInterceptor implements NestInterceptor {
  /** Rules made from the configuration, once per route. */
  private readonly configured = new WeakMap<(config: AppConfig) => RateLimitRule, RateLimitRule>();

  constructor(
    private readonly reflector: Reflector,
    private readonly limiter: RedisRateLimiter,
    @Inject(CONFIG) private readonly config: AppConfig,
  ) {}

  async intercept(context: ExecutionContext, next: CallHandler): Promise<Observable<unknown>> {
    if (context.getType() !== 'http') return next.handle();
    const sources = this.reflector.getAllAndOverride<RateLimitRuleSource[] | undefined>(RATE_LIMIT_KEY, [
      context.getHandler(),
      context.getClass(),
    ]);
    if (!sources?.length) return next.handle();
    const http = context.switchToHttp();
    const request = http.getRequest<Parameters<RateLimitRule['key']>[0]>();
    const refuse = (rule: RateLimitRule, retryAfterMs: number): never => {
      http
        .getResponse<{ setHeader(name: string, value: string): void }>()
        .setHeader('Retry-After', String(Math.max(1, Math.ceil(retryAfterMs / 1000))));
      throw new HttpException(rule.message, HttpStatus.TOO_MANY_REQUESTS);
    };

    // Rules are checked in order; a reserved place (see below) is given back when a later rule refuses.
    const reserved: { rule: RateLimitRule; key: string; reservation: string }[] = [];
    const releaseAll = () =>
      Promise.all(
        reserved.map(({ rule, key, reservation }) => this.limiter.release(rule.name, key, reservation)),
      );
    for (const rule of sources.map((source) => this.ruleOf(source))) {
      const key = rule.key(request);
      if (!rule.countWhen) {
        const decision = await this.limiter.hit(rule.name, key, rule.limit, rule.windowMs, rule.blockMs);
        if (decision.refused) {
          await releaseAll();
          refuse(rule, decision.retryAfterMs);
        }
        continue;
      }
      // The place is taken before the handler runs, and given back when the outcome does not count: checking a
      // block first and counting failures afterwards let a burst of simultaneous guesses all run (40 at once: 40 tries).
      const place = await this.limiter.reserve(rule.name, key, rule.limit);
      if (place.refused) {
        await releaseAll();
        refuse(rule, place.retryAfterMs);
      }
      reserved.push({ rule, key, reservation: place.reservation });
    }
    if (reserved.length === 0) return next.handle();
    const settle = async (outcome: RateLimitOutcome) => {
      await Promise.all(
        reserved.map(({ rule, key, reservation }) =>
          rule.countWhen?.(outcome)
            ? this.limiter.counted(rule.name, key, reservation, rule.limit, rule.windowMs, rule.blockMs)
            : this.limiter.release(rule.name, key, reservation),
        ),
      );
    };
    return next.handle().pipe(
      mergeMap(async (answer: unknown) => {
        await settle({ ok: true });
        return answer;
      }),
      catchError((error: unknown) =>
        from(
          (async () => {
            await settle({ ok: false, error });
            throw error;
          })(),
        ),
      ),
    );
  }

  private ruleOf(source: RateLimitRuleSource): RateLimitRule {
    if (typeof source !== 'function') return source;
    let rule = this.configured.get(source);
    if (!rule) {
      rule = source(this.config);
      this.configured.set(source, rule);
    }
    return rule;
  }
}
