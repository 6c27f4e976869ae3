import { Inject, Injectable } from '@nestjs/common';
import type { Auction as AuctionJson, DraftAuctionData } from '@auction/contracts';
import { nominationTimeLeftMs, type DraftState } from '@auction/domain';
import { draftNotFound, DraftStream } from '../drafts/index.js';
import { teamsNamedBy, toAuctionJson } from './auction.mapper.js';
import { RecentBids } from './recent-bids.js';
import { TeamDirectory, teamRefOr } from './team-directory.js';

/** Auction answers built from the folded draft stream (cached), timed by the server clock. */
@Injectable()
export class AuctionViews {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(TeamDirectory) private readonly directory: TeamDirectory,
    @Inject(RecentBids) private readonly recentBids: RecentBids,
  ) {}

  async ofDraft(draftId: string): Promise<DraftAuctionData> {
    const { state, version } = await this.drafts.read(draftId);
    if (!state.exists || state.deleted) throw draftNotFound();
    return this.fromState(draftId, state, version);
  }

  /** The snapshot of `state`, which is the draft stream at `version`. */
  async fromState(
    draftId: string,
    state: DraftState,
    version: number,
    now = Date.now(),
  ): Promise<DraftAuctionData> {
    const { auction, lastCompletedAuction: last } = state;
    const [openBids, lastBids] = await Promise.all([
      auction ? this.recentBids.of(auction) : [],
      last ? this.recentBids.of(last) : [],
    ]);
    const ids = [
      ...(auction ? teamsNamedBy(auction, openBids) : []),
      ...(last ? teamsNamedBy(last, lastBids) : []),
      ...(state.currentTeamTurn ? [state.currentTeamTurn] : []),
    ];
    const refs = await this.directory.refs(ids, now);
    const serverTime = new Date(now).toISOString();
    return {
      auction: auction ? toAuctionJson(draftId, auction, openBids, refs, state, now) : null,
      lastCompletedAuction: last ? toAuctionJson(draftId, last, lastBids, refs, state, now) : null,
      draftStatus: state.status,
      currentTeamTurn: state.currentTeamTurn ? teamRefOr(refs, state.currentTeamTurn) : null,
      nominationDeadline: state.nominationDeadline,
      nominationTimeLeftMs: nominationTimeLeftMs(state, serverTime),
      serverTime,
      version,
    };
  }

  /** The open auction (or the one just completed, when `auctionId` names it) as the wire shows it. */
  async auction(draftId: string, state: DraftState, auctionId?: string): Promise<AuctionJson | null> {
    const now = Date.now();
    const auction =
      state.auction && (!auctionId || state.auction.auctionId === auctionId)
        ? state.auction
        : state.lastCompletedAuction && (!auctionId || state.lastCompletedAuction.auctionId === auctionId)
          ? state.lastCompletedAuction
          : null;
    if (!auction) return null;
    const bids = await this.recentBids.of(auction);
    const refs = await this.directory.refs(teamsNamedBy(auction, bids), now);
    return toAuctionJson(draftId, auction, bids, refs, state, now);
  }
}
