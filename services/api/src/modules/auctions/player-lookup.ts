import { Inject, Injectable } from '@nestjs/common';
import type { DraftPlayer } from '@auction/domain';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';

export interface CataloguePlayer extends DraftPlayer {
  /** Taken in some draft (the spec's player pool has one isDrafted flag). */
  isDrafted: boolean;
}

interface Row {
  provider_id: string;
  name: string;
  position: string;
  team: string | null;
  projected_points: string | null;
  is_drafted: boolean;
}

const toPlayer = (row: Row): CataloguePlayer => ({
  playerId: row.provider_id,
  playerName: row.name,
  position: row.position,
  nflTeam: row.team ?? 'FA',
  projectedPoints: row.projected_points === null ? null : Number(row.projected_points),
  isDrafted: row.is_drafted,
});

/** What nominations and assignments need of the player catalogue. Players are named by provider id. */
@Injectable()
export class PlayerLookup {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async byProviderId(providerId: string): Promise<CataloguePlayer | null> {
    const { rows } = await this.pool.query<Row>({
      name: 'auction.player-by-provider-id',
      text: `SELECT provider_id, name, position, team, projected_points, is_drafted FROM players
             WHERE provider_id = $1 ORDER BY synced_at DESC NULLS LAST LIMIT 1`,
      values: [providerId],
    });
    return rows[0] ? toPlayer(rows[0]) : null;
  }

  /** The best available player by ADP (then projected points) not in `exclude`: what auto-nomination puts up. */
  async bestAvailable(exclude: readonly string[]): Promise<CataloguePlayer | null> {
    const { rows } = await this.pool.query<Row>({
      name: 'auction.best-available',
      text: `SELECT provider_id, name, position, team, projected_points, is_drafted FROM players
             WHERE NOT is_drafted AND NOT (provider_id = ANY($1::text[]))
             ORDER BY adp ASC NULLS LAST, projected_points DESC NULLS LAST, name, id LIMIT 1`,
      values: [exclude],
    });
    return rows[0] ? toPlayer(rows[0]) : null;
  }
}
