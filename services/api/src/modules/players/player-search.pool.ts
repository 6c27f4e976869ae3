import { Inject, Injectable, type OnApplicationShutdown } from '@nestjs/common';
import pg from 'pg';
import { CONFIG, type AppConfig } from '../../config/config.js';

/**
 * pg_trgm's `q <% name` holds when part of the name is at least this similar to the query (word similarity).
 * pg_trgm's default, 0.6, misses one-letter typos in short names ("kelse" → Kelce, "saquan" → Saquon, about
 * 0.5); 0.45 finds them while a miss stays a miss ("zzqx" matches nothing). See player-search.sql.ts.
 */
export const WORD_SIMILARITY_THRESHOLD = 0.45;

/**
 * The planner's cost of evaluating one operator, on search sessions only (PostgreSQL's default is 0.0025).
 * pg_trgm declares its operators as cheap as `=`, yet one trigram comparison takes a microsecond or two. On a
 * pool of a few hundred players the planner then compares every name (about 1.1 ms for a typo search on the
 * 573 bundled players) rather than ask the trigram index (about 0.1 ms); costing operators 20 times higher lets
 * it see that. On large pools it already picks the index (50,000 players: about 1.5 ms, against 100 ms for
 * reading the table). Measured with `npm run bench:search` and EXPLAIN ANALYZE.
 */
export const SEARCH_CPU_OPERATOR_COST = 0.05;

const SEARCH_POOL_SIZE = 4;

/** The settings every search session starts with. */
export const SEARCH_SESSION_OPTIONS =
  `-c pg_trgm.word_similarity_threshold=${WORD_SIMILARITY_THRESHOLD} ` +
  `-c cpu_operator_cost=${SEARCH_CPU_OPERATOR_COST}`;

/**
 * The player search's own connections. pg_trgm reads its threshold from a setting, not from the query, and the
 * planner needs the operator cost above: this pool sets both once, when each connection starts
 * (SEARCH_SESSION_OPTIONS), instead of `SET LOCAL` round trips per search or changes to the shared PG_POOL's
 * sessions. Its few connections also keep a burst of keystrokes in several draft rooms from queuing behind
 * commands (and the other way round).
 */
@Injectable()
export class PlayerSearchPool implements OnApplicationShutdown {
  readonly pool: pg.Pool;

  constructor(@Inject(CONFIG) config: AppConfig) {
    this.pool = new pg.Pool({
      connectionString: config.databaseUrl,
      max: SEARCH_POOL_SIZE,
      application_name: 'auction-api:player-search',
      options: SEARCH_SESSION_OPTIONS,
    });
    // An idle client losing its connection must not crash the process; the next checkout reconnects.
    this.pool.on('error', () => undefined);
  }

  async onApplicationShutdown(): Promise<void> {
    await this.pool.end();
  }
}
