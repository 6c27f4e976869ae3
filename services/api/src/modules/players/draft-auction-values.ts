import { Inject, Injectable } from '@nestjs/common';
import type { DraftValuesData, Player, PlayerPosition } from '@auction/contracts';
import { auctionValues, type AuctionValues } from '@auction/domain';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { numericOrNull } from './player.mapper.js';
import { draftNotFound } from './player.errors.js';

interface DraftValuesRow {
  version: number;
  teams_count: number;
  players_per_team: number;
  budget_per_team: number;
  catalogue_stamp: string | null;
}

interface ComputedValues {
  stamp: string;
  inflation: number;
  /** By provider id (the playerId picks store). */
  byPlayerId: Map<string, { name: string; position: PlayerPosition; auctionValue: number; sold: boolean }>;
}

/** Drafts kept; a draft's values change only with its version or the catalogue, so a small cache serves the room. */
const CACHE_SIZE = 32;

/**
 * One draft's auction values (docs/adr/0019): the pure rule over the catalogue's projections, the draft's settings
 * and its picks. Recomputed per request unless neither the draft's version nor the catalogue moved since.
 */
@Injectable()
export class DraftAuctionValues {
  private readonly cache = new Map<string, ComputedValues>();

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  /** The table of GET /drafts/{id}/values: available players first, each highest value first. 404 if no draft. */
  async table(draftId: string): Promise<DraftValuesData> {
    const values = await this.of(draftId);
    const players = [...values.byPlayerId.entries()]
      .map(([playerId, v]) => ({
        playerId,
        name: v.name,
        position: v.position,
        auctionValue: v.auctionValue,
        available: !v.sold,
      }))
      .sort(
        (a, b) =>
          Number(b.available) - Number(a.available) ||
          b.auctionValue - a.auctionValue ||
          a.name.localeCompare(b.name),
      );
    return { inflation: values.inflation, players };
  }

  /** The players with `auctionValue` in `draftId`'s dollars; unchanged without a draft asked for. */
  async apply<T extends Pick<Player, 'playerId' | 'auctionValue'>>(
    players: T[],
    draftId: string | undefined,
  ): Promise<T[]> {
    if (draftId === undefined) return players;
    const values = await this.of(draftId);
    return players.map((player) => ({
      ...player,
      auctionValue: values.byPlayerId.get(player.playerId)?.auctionValue ?? player.auctionValue,
    }));
  }

  private async of(draftId: string): Promise<ComputedValues> {
    const { rows } = await this.pool.query<DraftValuesRow>({
      name: 'players.values.draft',
      text: `SELECT version, teams_count, players_per_team, budget_per_team,
               (SELECT count(*) || ':' || coalesce(max(updated_at)::text, '') FROM players) AS catalogue_stamp
             FROM drafts WHERE id = $1 AND deleted_at IS NULL`,
      values: [draftId],
    });
    const draft = rows[0];
    if (!draft) throw draftNotFound();
    const stamp = `${draft.version}/${draft.catalogue_stamp ?? ''}`;
    const cached = this.cache.get(draftId);
    if (cached?.stamp === stamp) return cached;

    const [catalogue, picks] = await Promise.all([
      this.pool.query<{
        provider_id: string;
        name: string;
        position: PlayerPosition;
        projected_points: string | null;
      }>({
        name: 'players.values.catalogue',
        text: `SELECT provider_id, name, position, projected_points FROM players`,
      }),
      this.pool.query<{ player_id: string; cost: number }>({
        name: 'players.values.picks',
        text: `SELECT player_id, cost FROM picks WHERE draft_id = $1`,
        values: [draftId],
      }),
    ]);
    const result: AuctionValues = auctionValues(
      catalogue.rows.map((row) => ({
        playerId: row.provider_id,
        position: row.position,
        projectedPoints: numericOrNull(row.projected_points),
      })),
      {
        teamsCount: draft.teams_count,
        playersPerTeam: draft.players_per_team,
        budgetPerTeam: draft.budget_per_team,
      },
      picks.rows.map((row) => ({ playerId: row.player_id, cost: row.cost })),
    );
    const names = new Map(catalogue.rows.map((row) => [row.provider_id, row.name]));
    const computed: ComputedValues = {
      stamp,
      inflation: result.inflation,
      byPlayerId: new Map(
        result.players.map((p) => [
          p.playerId,
          {
            name: names.get(p.playerId) ?? '',
            position: p.position,
            auctionValue: p.auctionValue,
            sold: p.sold,
          },
        ]),
      ),
    };
    this.cache.delete(draftId);
    this.cache.set(draftId, computed);
    if (this.cache.size > CACHE_SIZE) this.cache.delete(this.cache.keys().next().value!);
    return computed;
  }
}
