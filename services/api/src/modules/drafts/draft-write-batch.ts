import type { DraftEvent, Pick } from '@auction/domain';
import type { SqlClient } from '@auction/event-store';
import { AuctionBidWrites, openingBidColumns } from './auction-bids.writes.js';
import { recomputeTeamStandingsAfterSales, type TeamSale } from './team-standings.js';

type PickRow = { id: string; draftId: string; pick: Pick; at: Date };

/**
 * The draft projection's writes for a run of auction events (nominations, bids, sales, turn changes), collected
 * and written set-based: a rebuild then costs a few statements per batch instead of several per event. Any other
 * draft event flushes the run first, so the writes land in the same order relative to it as one by one, and the
 * rows are the same (see recomputeTeamStandingsAfterSales for updated_at).
 */
export class DraftWriteBatch {
  private auctions: {
    id: string;
    draftId: string;
    playerId: string;
    nominatedAt: string;
    bidCount: number;
    recentBids: string;
  }[] = [];
  private readonly bids = new AuctionBidWrites();
  private picks: PickRow[] = [];
  private turns = new Map<string, { team: string; round: number }>();
  private versions = new Map<string, number>();

  constructor(private readonly pickRowId: (draftId: string, pick: Pick) => string) {}

  /** Records the event's writes; false when the event is not batchable (flush, then apply it alone). */
  add(event: DraftEvent, draftId: string, at: Date): boolean {
    switch (event.type) {
      case 'PlayerNominated':
        this.auctions.push({
          id: event.data.auctionId,
          draftId,
          playerId: event.data.playerId,
          nominatedAt: event.data.nominatedAt,
          ...openingBidColumns(event.data),
        });
        return true;
      case 'PlayerSold':
        this.picks.push({ id: this.pickRowId(draftId, event.data.pick), draftId, pick: event.data.pick, at });
        return true;
      case 'NominationTurnPassed':
        this.turns.set(draftId, { team: event.data.currentTeamTurn, round: event.data.currentRound });
        return true;
      case 'BidPlaced':
        return this.bids.add(event);
      case 'ProxyBidSet':
      case 'ProxyBidRemoved':
      case 'AuctionCompleted':
        return true;
      default:
        return false;
    }
  }

  /** drafts.version is only read after the transaction: the last one per draft is written once, at the end. */
  version(draftId: string, streamVersion: number): void {
    this.versions.set(draftId, streamVersion);
  }

  async flush(tx: SqlClient): Promise<void> {
    await this.flushAuctions(tx);
    await this.bids.flush(tx);
    await this.flushPicks(tx);
    await this.flushTurns(tx);
  }

  async flushVersions(tx: SqlClient): Promise<void> {
    if (this.versions.size === 0) return;
    const entries = [...this.versions];
    this.versions = new Map();
    await tx.query(
      `UPDATE drafts d SET version = v.version FROM unnest($1::uuid[], $2::int[]) AS v(id, version) WHERE d.id = v.id`,
      [entries.map(([id]) => id), entries.map(([, version]) => version)],
    );
  }

  private async flushAuctions(tx: SqlClient): Promise<void> {
    if (this.auctions.length === 0) return;
    const rows = this.auctions;
    this.auctions = [];
    // DO NOTHING keeps the first row of an id, as the one-by-one inserts did.
    await tx.query(
      `INSERT INTO auctions (id, draft_id, player_id, nominated_at, bid_count, recent_bids)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::text[], $4::timestamptz[], $5::int[], $6::jsonb[])
       ON CONFLICT (id) DO NOTHING`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.draftId),
        rows.map((r) => r.playerId),
        rows.map((r) => r.nominatedAt),
        rows.map((r) => r.bidCount),
        rows.map((r) => r.recentBids),
      ],
    );
  }

  private async flushPicks(tx: SqlClient): Promise<void> {
    if (this.picks.length === 0) return;
    const rows = this.picks;
    this.picks = [];
    const legacy = (row: PickRow) => row.pick as Partial<Pick>;
    await tx.query(
      `INSERT INTO picks (id, draft_id, pick_number, player_id, player_name, position, nfl_team, team_id, cost,
                          created_at, source, picked_at)
       SELECT * FROM unnest($1::uuid[], $2::uuid[], $3::int[], $4::text[], $5::text[], $6::text[], $7::text[],
                            $8::uuid[], $9::int[], $10::timestamptz[], $11::text[], $12::timestamptz[])`,
      [
        rows.map((r) => r.id),
        rows.map((r) => r.draftId),
        rows.map((r) => r.pick.pickNumber),
        rows.map((r) => r.pick.playerId),
        rows.map((r) => r.pick.playerName),
        rows.map((r) => r.pick.position),
        rows.map((r) => r.pick.nflTeam),
        rows.map((r) => r.pick.teamId),
        rows.map((r) => r.pick.cost),
        rows.map((r) => r.at),
        rows.map((r) => legacy(r).source ?? 'auction'),
        rows.map((r) => legacy(r).pickedAt ?? r.at),
      ],
    );
    const perDraft = new Map<string, number>();
    for (const row of rows) perDraft.set(row.draftId, (perDraft.get(row.draftId) ?? 0) + 1);
    await tx.query(
      `UPDATE drafts d SET total_picks = d.total_picks + v.n FROM unnest($1::uuid[], $2::int[]) AS v(id, n)
       WHERE d.id = v.id`,
      [[...perDraft.keys()], [...perDraft.values()]],
    );
    const sales: TeamSale[] = rows.map((row) => ({
      teamId: row.pick.teamId,
      draftId: row.draftId,
      at: row.at,
    }));
    await recomputeTeamStandingsAfterSales(tx, sales);
  }

  private async flushTurns(tx: SqlClient): Promise<void> {
    if (this.turns.size === 0) return;
    const entries = [...this.turns];
    this.turns = new Map();
    await tx.query(
      `UPDATE drafts d SET current_team_turn = v.team, current_round = v.round
       FROM unnest($1::uuid[], $2::uuid[], $3::int[]) AS v(id, team, round) WHERE d.id = v.id`,
      [
        entries.map(([id]) => id),
        entries.map(([, turn]) => turn.team),
        entries.map(([, turn]) => turn.round),
      ],
    );
  }
}
