import { Inject, Injectable } from '@nestjs/common';
import type { DraftPlayer } from '@auction/domain';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';

interface Row {
  provider_id: string;
  name: string;
  position: string;
  team: string | null;
  projected_points: string | null;
}

const toPlayer = (row: Row): DraftPlayer => ({
  playerId: row.provider_id,
  playerName: row.name,
  position: row.position,
  nflTeam: row.team ?? 'FA',
  projectedPoints: row.projected_points === null ? null : Number(row.projected_points),
});

/**
 * What nominations and assignments need of the player catalogue. Players are named by provider id. Whether a
 * player is still available is the draft's own business (its stream's picks, checked by the decider), never the
 * catalogue's nor another draft's (docs/adr/0015).
 */
@Injectable()
export class PlayerLookup {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async byProviderId(providerId: string): Promise<DraftPlayer | null> {
    const { rows } = await this.pool.query<Row>({
      name: 'auction.player-by-provider-id',
      text: `SELECT provider_id, name, position, team, projected_points FROM players
             WHERE provider_id = $1 ORDER BY synced_at DESC NULLS LAST LIMIT 1`,
      values: [providerId],
    });
    return rows[0] ? toPlayer(rows[0]) : null;
  }

  /** The catalogue's players among `providerIds`, in the order given; ids the catalogue lacks are left out. */
  async byProviderIds(providerIds: readonly string[]): Promise<DraftPlayer[]> {
    if (providerIds.length === 0) return [];
    const { rows } = await this.pool.query<Row>({
      name: 'auction.players-by-provider-ids',
      text: `SELECT DISTINCT ON (provider_id) provider_id, name, position, team, projected_points FROM players
             WHERE provider_id = ANY($1::text[]) ORDER BY provider_id, synced_at DESC NULLS LAST`,
      values: [providerIds],
    });
    const found = new Map(rows.map((row) => [row.provider_id, toPlayer(row)]));
    return providerIds.flatMap((id) => found.get(id) ?? []);
  }

  /**
   * The best player by ADP (then projected points) not in `taken`, the draft's own picks: what auto-nomination
   * puts up. Sales in other drafts do not count.
   */
  async bestAvailable(taken: readonly string[]): Promise<DraftPlayer | null> {
    const { rows } = await this.pool.query<Row>({
      name: 'auction.best-available',
      text: `SELECT provider_id, name, position, team, projected_points FROM players
             WHERE NOT (provider_id = ANY($1::text[]))
             ORDER BY adp ASC NULLS LAST, projected_points DESC NULLS LAST, name, id LIMIT 1`,
      values: [taken],
    });
    return rows[0] ? toPlayer(rows[0]) : null;
  }
}
