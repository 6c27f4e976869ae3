import { SetMetadata } from '@nestjs/common';

export const RATE_LIMIT_KEY = 'rate-limit';

export interface RateLimitRule {
  /** Names the counter (part of the Redis key). */
  name: string;
  /** Hits allowed per window; reaching it blocks the key. */
  limit: number;
  windowMs: number;
  /** How long a key that reached the limit is refused; defaults to the window. */
  blockMs?: number;
  /** Whom to count: derived from the request (after body parsing, so the body may be used). */
  key: (request: { ip?: string; body?: unknown; headers: Record<string, unknown> }) => string;
  /** Count only requests that fail with an error this accepts (e.g. wrong passwords); otherwise count all. */
  countWhen?: (error: unknown) => boolean;
  /** The 429 message. */
  message: string;
}

/** Limits a route with the global RateLimitInterceptor: `@RateLimit(loginRateLimit)`. */
export const RateLimit = (rule: RateLimitRule): MethodDecorator & ClassDecorator =>
  SetMetadata(RATE_LIMIT_KEY, rule);
