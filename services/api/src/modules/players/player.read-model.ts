import { Inject, Injectable } from '@nestjs/common';
import type { Player, PlayerStatsSummary } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import { toPlayerJson, toStatsSummary, type PlayerRow, type PlayerStatsRow } from './player.mapper.js';
import {
  NORMALISE_QUERY_SQL,
  PLAYER_COLUMNS,
  playerListStatements,
  playersIn,
  playerSearchStatement,
  teamPlayersStatements,
  type DraftScope,
  type PageRequest,
  type PagedStatements,
  type PlayerFilters,
} from './player-search.sql.js';
import { PlayerSearchPool } from './player-search.pool.js';
import { normaliseAsciiSearchText, searchModeOf } from './player-search-text.js';

export interface PlayerPage {
  players: Player[];
  total: number;
}

// An undrafted player has no pick (k.cost null), so avg(k.cost) is over the draft's drafted players only.
const STATS_SQL = `
  SELECT p.position, count(*)::int AS total, count(k.id)::int AS drafted,
         avg(p.projected_points) AS average_projected_points, avg(p.adp) AS average_adp,
         avg(k.cost) AS average_cost, max(p.synced_at) AS last_synced_at
  FROM ${playersIn('$1')}
  GROUP BY GROUPING SETS ((p.position), ())`;

/**
 * Reads of the `players` table: search (on the search's own pool, see PlayerSearchPool), listings, single
 * players and the stats summary. Every read shows one draft's availability (DraftScope): the catalogue is shared,
 * whether a player is drafted is not.
 */
@Injectable()
export class PlayerReadModel {
  private readonly searchPool: Pool;

  constructor(
    @Inject(PG_POOL) private readonly pool: Pool,
    @Inject(PlayerSearchPool) search: PlayerSearchPool,
  ) {
    this.searchPool = search.pool;
  }

  /** Players matching `text` (as typed), best first (see playerSearchStatement). */
  async search(text: string, filters: PlayerFilters, limit: number, draftId: DraftScope): Promise<Player[]> {
    const query = await this.normalise(text);
    const mode = searchModeOf(query);
    if (mode === 'none') return [];
    const { rows } = await this.searchPool.query<PlayerRow>(
      playerSearchStatement(query, mode, filters, limit, draftId),
    );
    return rows.map(toPlayerJson);
  }

  list(filters: PlayerFilters, page: PageRequest, draftId: DraftScope): Promise<PlayerPage> {
    return this.page(playerListStatements(filters, page, draftId), page);
  }

  /** The players `teamId` bought in `draftId` (nothing for no draft). */
  listDraftedBy(
    teamId: string,
    filters: PlayerFilters,
    page: PageRequest,
    draftId: DraftScope,
  ): Promise<PlayerPage> {
    return this.page(teamPlayersStatements(teamId, filters, page, draftId), page);
  }

  async findById(playerId: string, draftId: DraftScope): Promise<Player | null> {
    const { rows } = await this.pool.query<PlayerRow>({
      name: 'players.by-id',
      text: `SELECT ${PLAYER_COLUMNS} FROM ${playersIn('$2')} WHERE p.id = $1`,
      values: [playerId, draftId],
    });
    return rows[0] ? toPlayerJson(rows[0]) : null;
  }

  async findByProviderId(provider: string, providerId: string, draftId: DraftScope): Promise<Player | null> {
    const { rows } = await this.pool.query<PlayerRow>({
      name: 'players.by-provider-id',
      text: `SELECT ${PLAYER_COLUMNS} FROM ${playersIn('$3')} WHERE p.provider = $1 AND p.provider_id = $2`,
      values: [provider, providerId, draftId],
    });
    return rows[0] ? toPlayerJson(rows[0]) : null;
  }

  async stats(draftId: DraftScope): Promise<PlayerStatsSummary> {
    const { rows } = await this.pool.query<PlayerStatsRow>({
      name: 'players.stats',
      text: STATS_SQL,
      values: [draftId],
    });
    return toStatsSummary(rows);
  }

  /** Plain ASCII is normalised here; anything else by player_search_name itself (one extra round trip). */
  private async normalise(text: string): Promise<string> {
    const ascii = normaliseAsciiSearchText(text);
    if (ascii !== null) return ascii;
    const { rows } = await this.searchPool.query<{ q: string | null }>({
      name: 'players.normalise-query',
      text: NORMALISE_QUERY_SQL,
      values: [text],
    });
    return rows[0]?.q ?? '';
  }

  private async page(statements: PagedStatements, { offset }: PageRequest): Promise<PlayerPage> {
    const { rows } = await this.pool.query<PlayerRow & { total: number }>(statements.page);
    if (rows.length > 0) return { players: rows.map(toPlayerJson), total: rows[0]!.total };
    if (offset === 0) return { players: [], total: 0 };
    const count = await this.pool.query<{ total: number }>(statements.count);
    return { players: [], total: count.rows[0]?.total ?? 0 };
  }
}
