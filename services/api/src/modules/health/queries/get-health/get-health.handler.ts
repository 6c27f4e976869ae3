import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { HealthData } from '@auction/contracts';
import type { Redis } from 'ioredis';
import type { Pool } from 'pg';
import { PG_POOL } from '../../../../infrastructure/database/database.module.js';
import { REDIS } from '../../../../infrastructure/redis/redis.tokens.js';
import { GetHealthQuery } from './get-health.query.js';

const CHECK_TIMEOUT_MS = 2_000;

/** Probes PostgreSQL (`select 1`) and Redis (`PING`), each bounded so a hung dependency answers "down". */
@QueryHandler(GetHealthQuery)
export class GetHealthHandler implements IQueryHandler<GetHealthQuery> {
  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(REDIS) private readonly redis: Redis,
  ) {}

  async execute(): Promise<HealthData> {
    const [database, redis] = await Promise.all([
      probe(() => this.pool.query('SELECT 1')),
      probe(() => this.redis.ping()),
    ]);
    return {
      status: database === 'up' && redis === 'up' ? 'ok' : 'degraded',
      database,
      redis,
      uptimeSeconds: Math.round(process.uptime()),
    };
  }
}

async function probe(check: () => Promise<unknown>): Promise<'up' | 'down'> {
  let timer: NodeJS.Timeout | undefined;
  const timeout = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error('timeout')), CHECK_TIMEOUT_MS);
  });
  try {
    await Promise.race([check(), timeout]);
    return 'up';
  } catch {
    return 'down';
  } finally {
    clearTimeout(timer);
  }
}
