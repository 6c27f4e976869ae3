import {
  DRAFT_EVENT_TYPES,
  draftIdOfStream,
  isTeamEvent,
  TEAM_EVENT_TYPES,
  upcastDraftEvent,
  type TeamEvent,
} from '@auction/domain';
import type { SqlClient } from '@auction/event-store';
import type { FoldedEvent, RebuildFold } from '../../rebuild/rebuild-fold.js';
import { teamIdOfStream } from '../teams/index.js';
import { LeagueRebuildState, recentBidsJson, type AuctionRow } from './league-rebuild.state.js';

/** Proxy bids, queue changes and auction results write no read-model row: the bulk read skips them. */
const ROWLESS_DRAFT_EVENTS = new Set([
  'ProxyBidSet',
  'ProxyBidRemoved',
  'AuctionCompleted',
  'NominationQueueSet',
]);
const WRITE_CHUNK = 10_000;
const DRAFT_STREAM_PREFIX = 'draft-';

/**
 * The rebuild's bulk pass for the league read models (the projections of LeagueProjectionSet): the log folded into
 * LeagueRebuildState, then each table written with a few multi-row INSERTs over unnest'ed arrays. drafts.version
 * (the stream's last version, which bids move too) comes from es_streams in the same snapshot, so bids need not be
 * read at all.
 */
export class LeagueRebuildFold implements RebuildFold {
  readonly eventTypes = [
    ...TEAM_EVENT_TYPES,
    ...DRAFT_EVENT_TYPES.filter((type) => !ROWLESS_DRAFT_EVENTS.has(type)),
  ];
  readonly state = new LeagueRebuildState();
  private versions: [string, number][] = [];

  async prepare(snapshot: SqlClient): Promise<void> {
    const { rows } = await snapshot.query<{ stream_id: string; version: number }>(
      `SELECT stream_id, version FROM es_streams WHERE starts_with(stream_id, $1)`,
      [DRAFT_STREAM_PREFIX],
    );
    this.versions = rows.map((row) => [draftIdOfStream(row.stream_id), row.version]);
  }

  add(recorded: FoldedEvent): void {
    const team = { type: recorded.type, data: recorded.data } as TeamEvent;
    if (isTeamEvent(team)) {
      this.state.applyTeamEvent(team, teamIdOfStream(recorded.streamId), recorded.recordedAt);
      return;
    }
    // The projections' upcaster (upcastRecords): legacy shapes in, current shapes out; unknown types left out.
    const event = upcastDraftEvent(recorded);
    if (event) this.state.applyDraftEvent(event, draftIdOfStream(recorded.streamId), recorded);
  }

  async write(tx: SqlClient, tables: ReadonlySet<string>): Promise<void> {
    for (const [draftId, version] of this.versions) this.state.setVersion(draftId, version);
    const { state } = this;
    if (tables.has('teams')) {
      await insertRows(tx, 'teams', [...state.teams.values()], {
        id: 'uuid',
        name: 'text',
        team_number: 'int',
        owner_user_id: 'uuid',
        current_draft_id: 'uuid',
        budget_total: 'int',
        budget_spent: 'int',
        player_count: 'int',
        created_at: 'timestamptz',
        updated_at: 'timestamptz',
        deleted_at: 'timestamptz',
        name_key: 'text',
        name_compared: 'text',
      });
    }
    if (tables.has('team_standing_drafts')) {
      await insertRows(tx, 'team_standing_drafts', [...state.standingDrafts.values()], {
        draft_id: 'uuid',
        budget_per_team: 'int',
        created_at: 'timestamptz',
        completed: 'bool',
        completed_at: 'timestamptz',
        deleted: 'bool',
      });
    }
    if (tables.has('team_standing_members')) {
      const members = [...state.standingMembers].flatMap(([draft_id, teams]) =>
        [...teams].map((team_id) => ({ draft_id, team_id })),
      );
      await insertRows(tx, 'team_standing_members', members, { draft_id: 'uuid', team_id: 'uuid' });
    }
    if (tables.has('team_standing_picks')) {
      await insertRows(tx, 'team_standing_picks', [...state.standingPicks.values()], {
        pick_id: 'uuid',
        draft_id: 'uuid',
        team_id: 'uuid',
        cost: 'int',
      });
    }
    if (tables.has('drafts')) {
      await insertRows(tx, 'drafts', [...state.drafts.values()], {
        id: 'uuid',
        name: 'text',
        status: 'text',
        teams_count: 'int',
        players_per_team: 'int',
        budget_per_team: 'int',
        draft_type: 'text',
        current_round: 'int',
        current_team_turn: 'uuid',
        total_picks: 'int',
        created_at: 'timestamptz',
        started_at: 'timestamptz',
        completed_at: 'timestamptz',
        deleted_at: 'timestamptz',
        version: 'int',
        auction_time_limit: 'int',
        bid_time_reset: 'int',
        nomination_time_limit: 'int',
      });
    }
    if (tables.has('draft_teams')) {
      const pairs = [...state.draftTeams].flatMap(([draft_id, teams]) =>
        [...teams].map((team_id) => ({ draft_id, team_id })),
      );
      await insertRows(tx, 'draft_teams', pairs, { draft_id: 'uuid', team_id: 'uuid' });
    }
    if (tables.has('picks')) {
      await insertRows(tx, 'picks', [...state.picks.values()], {
        id: 'uuid',
        draft_id: 'uuid',
        pick_number: 'int',
        player_id: 'text',
        player_name: 'text',
        position: 'text',
        nfl_team: 'text',
        team_id: 'uuid',
        cost: 'int',
        created_at: 'timestamptz',
        source: 'text',
        picked_at: 'timestamptz',
      });
    }
    if (tables.has('auctions')) {
      // recent_bids is no field of the row: auctionsJson writes it.
      await insertRows<AuctionRow, keyof AuctionRow | 'recent_bids'>(
        tx,
        'auctions',
        [...state.auctions.values()],
        {
          id: 'uuid',
          draft_id: 'uuid',
          player_id: 'text',
          nominated_at: 'timestamptz',
          bid_count: 'int',
          recent_bids: 'jsonb',
        },
        auctionsJson,
      );
    }
  }
}

/** An auctions chunk as JSON, the settled `recent_bids` text spliced in as is (not parsed back to objects). */
function auctionsJson(rows: readonly AuctionRow[]): string {
  const json = JSON.stringify;
  const items = rows.map(
    (row) =>
      `{"id":${json(row.id)},"draft_id":${json(row.draft_id)},"player_id":${json(row.player_id)},` +
      `"nominated_at":${json(row.nominated_at)},"bid_count":${json(row.bid_count)},` +
      `"recent_bids":${recentBidsJson(row)}}`,
  );
  return `[${items.join(',')}]`;
}

/**
 * One INSERT ... SELECT FROM json_to_recordset($1) per chunk: the chunk goes as one JSON text (no per-element array
 * escaping), typed by the record definition.
 */
async function insertRows<Row extends object, Column extends string = keyof Row & string>(
  tx: SqlClient,
  table: string,
  rows: readonly Row[],
  columns: Partial<Record<Column, string>>,
  serialize: (chunk: readonly Row[]) => string = (chunk) => JSON.stringify(chunk),
): Promise<void> {
  const names = Object.keys(columns) as Column[];
  const definition = names.map((name) => `${name} ${columns[name]}`).join(', ');
  const text = `INSERT INTO ${table} (${names.join(', ')})
    SELECT ${names.join(', ')} FROM json_to_recordset($1::json) AS r(${definition})`;
  for (let start = 0; start < rows.length; start += WRITE_CHUNK) {
    // Keys the record definition does not name are ignored by json_to_recordset.
    await tx.query(text, [serialize(rows.slice(start, start + WRITE_CHUNK))]);
  }
}
