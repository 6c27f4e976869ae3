import { SetMetadata } from '@nestjs/common';
import type { AppConfig } from '../../config/config.js';

export const RATE_LIMIT_KEY = 'rate-limit';

/** How a limited request ended: answered, or failed with `error`. */
export type RateLimitOutcome = { ok: true } | { ok: false; error: unknown };

export interface RateLimitRule {
  /** Names the counter (part of the Redis key). */
  name: string;
  /** Hits allowed per window; reaching it blocks the key. */
  limit: number;
  windowMs: number;
  /** How long a key that reached the limit is refused; defaults to the window. */
  blockMs?: number;
  /**
   * Whom to count: derived from the request (after body parsing, so the body may be used, and after authentication:
   * `user` is the signed-in caller on routes that need one).
   */
  key: (request: {
    ip?: string;
    body?: unknown;
    headers: Record<string, unknown>;
    user?: { id: string };
  }) => string;
  /**
   * Count only the outcomes this accepts (failed sign-ins, accounts created); otherwise count all requests. A request
   * takes its place before it runs and gives it back when its outcome does not count.
   */
  countWhen?: (outcome: RateLimitOutcome) => boolean;
  /** The 429 message. */
  message: string;
}

/** A rule, or one made from the configuration (limits set by environment variables), read once per route. */
export type RateLimitRuleSource = RateLimitRule | ((config: AppConfig) => RateLimitRule);

/**
 * Limits a route with the global RateLimitInterceptor: `@RateLimit(loginRateLimit)`. Several rules are checked in
 * order, and the first that refuses answers the 429.
 */
export const RateLimit = (...rules: RateLimitRuleSource[]): MethodDecorator & ClassDecorator =>
  SetMetadata(RATE_LIMIT_KEY, rules);
