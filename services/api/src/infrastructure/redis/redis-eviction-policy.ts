/** What the check needs of an ioredis client. */
export interface RedisConfigReader {
  config(subcommand: 'GET', parameter: string): Promise<unknown>;
}

export interface WarningLogger {
  warn(message: string): void;
  log(message: string): void;
}

/**
 * BullMQ keeps jobs (the draft timers) as ordinary keys: a Redis that may evict keys under memory pressure can
 * drop them, so it asks for `maxmemory-policy noeviction`. Reads the policy and warns when it is another one.
 * Managed Redis services often disable CONFIG: then the policy cannot be known, which is only noted.
 * Answers the policy read, or null.
 */
export async function warnWhenRedisMayEvict(
  redis: RedisConfigReader,
  logger: WarningLogger,
): Promise<string | null> {
  let policy: string | null;
  try {
    policy = policyOf(await redis.config('GET', 'maxmemory-policy'));
  } catch (error) {
    logger.log(
      `could not read Redis's maxmemory-policy (${(error as Error).message}); it should be noeviction`,
    );
    return null;
  }
  if (policy === null) {
    logger.log(`Redis did not report its maxmemory-policy; it should be noeviction`);
  } else if (policy !== 'noeviction') {
    logger.warn(
      `Redis's maxmemory-policy is ${policy}: Redis may evict the draft timers' BullMQ jobs under memory ` +
        'pressure (set maxmemory-policy noeviction). The timers are then fired late, from PostgreSQL.',
    );
  }
  return policy;
}

/** CONFIG GET answers [name, value] (RESP2) or { name: value } (RESP3). */
function policyOf(reply: unknown): string | null {
  if (Array.isArray(reply)) return typeof reply[1] === 'string' ? reply[1] : null;
  if (reply && typeof reply === 'object') {
    const value = (reply as Record<string, unknown>)['maxmemory-policy'];
    return typeof value === 'string' ? value : null;
  }
  return null;
}
