import { Inject, Injectable } from '@nestjs/common';
import type { Pool, PoolClient } from 'pg';
import { PG_POOL } from '../../../infrastructure/database/database.module.js';
import type { ProviderPlayer } from '../providers/player-provider.js';

/** Rows per INSERT … ON CONFLICT statement. */
export const CATALOGUE_BATCH_SIZE = 200;

export interface CatalogueWriteResult {
  /** Players the provider gave (all of them were written). */
  total: number;
  /** New rows. */
  inserted: number;
  /** Existing rows whose catalogue data changed. */
  updated: number;
  /** Existing rows confirmed as they were (only synced_at moved). */
  unchanged: number;
}

export type BatchWritten = (written: number, total: number) => void | Promise<void>;

// The catalogue columns compared to decide whether a row changed (search_name follows name).
const CATALOGUE_COLUMNS = [
  'name',
  'position',
  'team',
  'jersey_number',
  'age',
  'status',
  'injury_status',
  'projected_points',
  'adp',
  'auction_value',
] as const;
const tuple = (alias: string) => `(${CATALOGUE_COLUMNS.map((column) => `${alias}.${column}`).join(', ')})`;

/*
 * One statement per batch. `incoming` types the JSON with the columns' own precision, so 307.95 compares as the
 * 308.0 it would be stored as. The final SELECT reads `players` as it was before this statement (a data-modifying
 * CTE's changes are invisible to the rest of its statement), which tells updated rows from unchanged ones.
 * Whether a player is drafted is not the catalogue's: each draft's picks say (docs/adr/0015).
 */
const UPSERT_BATCH = `
  WITH incoming AS (
    SELECT r.*, player_search_name(r.name) AS search_name
    FROM jsonb_to_recordset($1::jsonb) AS r(
      provider text, provider_id text, name text, position text, team text, jersey_number int, age int,
      status text, injury_status text, projected_points numeric(7, 1), adp numeric(7, 1), auction_value numeric(7, 2)
    )
  ),
  upserted AS (
    INSERT INTO players AS p (
      provider, provider_id, name, search_name, position, team, jersey_number, age, status, injury_status,
      projected_points, adp, auction_value, synced_at, updated_at
    )
    SELECT provider, provider_id, name, search_name, position, team, jersey_number, age, status, injury_status,
           projected_points, adp, auction_value, now(), now()
    FROM incoming
    ON CONFLICT (provider, provider_id) DO UPDATE SET
      name = EXCLUDED.name,
      search_name = EXCLUDED.search_name,
      position = EXCLUDED.position,
      team = EXCLUDED.team,
      jersey_number = EXCLUDED.jersey_number,
      age = EXCLUDED.age,
      status = EXCLUDED.status,
      injury_status = EXCLUDED.injury_status,
      projected_points = EXCLUDED.projected_points,
      adp = EXCLUDED.adp,
      auction_value = EXCLUDED.auction_value,
      synced_at = EXCLUDED.synced_at,
      updated_at = CASE WHEN ${tuple('p')} IS DISTINCT FROM ${tuple('EXCLUDED')}
                        THEN EXCLUDED.updated_at ELSE p.updated_at END
    RETURNING p.provider, p.provider_id, (p.xmax = 0) AS inserted
  )
  SELECT
    count(*) FILTER (WHERE u.inserted)::int AS inserted,
    count(*) FILTER (WHERE NOT u.inserted AND ${tuple('before')} IS DISTINCT FROM ${tuple('i')})::int AS updated,
    count(*)::int AS written
  FROM upserted u
  JOIN incoming i USING (provider, provider_id)
  LEFT JOIN players before ON before.provider = u.provider AND before.provider_id = u.provider_id`;

/**
 * Writes the player catalogue: upserts by (provider, provider_id), in batches of 200, all inside ONE transaction,
 * so a failure part-way leaves the pool exactly as it was. Players the provider no longer lists are kept (drafts
 * and picks may refer to them); their synced_at shows when they were last confirmed. Used by the sync job and by
 * the start-up seed.
 */
@Injectable()
export class PlayerCatalogueWriter {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async upsert(players: readonly ProviderPlayer[], onBatch?: BatchWritten): Promise<CatalogueWriteResult> {
    const client = await this.pool.connect();
    try {
      await client.query('BEGIN');
      const result = await this.upsertIn(client, players, onBatch);
      await client.query('COMMIT');
      // A first sync turns an empty table into thousands of rows; without fresh statistics the planner keeps
      // choosing sequential scans over the trigram index until autovacuum gets round to it.
      // The data is committed by now, so a failed ANALYZE must not turn the write into a reported failure.
      if (result.inserted > 0) await client.query('ANALYZE players').catch(() => undefined);
      return result;
    } catch (error) {
      await client.query('ROLLBACK').catch(() => undefined);
      throw error;
    } finally {
      client.release();
    }
  }

  private async upsertIn(
    client: PoolClient,
    players: readonly ProviderPlayer[],
    onBatch?: BatchWritten,
  ): Promise<CatalogueWriteResult> {
    let inserted = 0;
    let updated = 0;
    for (let start = 0; start < players.length; start += CATALOGUE_BATCH_SIZE) {
      const batch = players.slice(start, start + CATALOGUE_BATCH_SIZE).map(toRow);
      const { rows } = await client.query<{ inserted: number; updated: number; written: number }>(
        UPSERT_BATCH,
        [JSON.stringify(batch)],
      );
      inserted += rows[0]?.inserted ?? 0;
      updated += rows[0]?.updated ?? 0;
      await onBatch?.(start + batch.length, players.length);
    }
    return { total: players.length, inserted, updated, unchanged: players.length - inserted - updated };
  }
}

function toRow(player: ProviderPlayer) {
  return {
    provider: player.provider,
    provider_id: player.providerId,
    name: player.name,
    position: player.position,
    team: player.team,
    jersey_number: player.jerseyNumber,
    age: player.age,
    status: player.status,
    injury_status: player.injuryStatus,
    projected_points: player.projectedPoints,
    adp: player.adp,
    auction_value: player.auctionValue,
  };
}
