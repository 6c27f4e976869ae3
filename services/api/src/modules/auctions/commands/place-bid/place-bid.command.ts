import { Command } from '@nestjs/cqrs';
import type { Auction } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/index.js';

/**
 * A bid, from REST (`POST /auctions/{id}/bid`: names the auction) or the socket (`bidOnPlayer`: names the draft and
 * the player, optionally the auction). Both take this one path. `at` is when the server received it: a bid received
 * before the deadline counts even if it is decided a moment later.
 */
export type BidTarget = { auctionId: string } | { draftId: string; playerId: string; auctionId?: string };

export class PlaceBidCommand extends Command<{ draftId: string; auction: Auction }> {
  constructor(
    readonly target: BidTarget,
    readonly amount: number,
    readonly teamId: string | undefined,
    readonly user: AuthUser,
    readonly at = new Date().toISOString(),
  ) {
    super();
  }
}
