import { Command } from '@nestjs/cqrs';
import type { Auction } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/index.js';
import type { ArrivalTicket } from '../../../../common/http/arrivals-in-flight.js';

/**
 * A bid, from REST (`POST /auctions/{id}/bid`: names the auction) or the socket (`bidOnPlayer`: names the draft and
 * the player, optionally the auction). Both take this one path. `at` is when the server received it: a bid received
 * before the deadline counts even if it is decided a moment later.
 */
export type BidTarget = { auctionId: string } | { draftId: string; playerId: string; auctionId?: string };

/**
 * What the command placed, from its own events (on a retry with the same idempotency key, the first run's): the bid,
 * and the rival maximum bid that answered it in the same command, if any. The auction may have moved on since; the
 * answer describes this bid, not the auction now.
 */
export interface PlacedBid {
  amount: number;
  teamId: string;
  /** The amount a maximum bid outbid it with at once. */
  outbidAt?: number;
}

export interface PlaceBidResult {
  draftId: string;
  auction: Auction;
  bid: PlacedBid;
}

export class PlaceBidCommand extends Command<PlaceBidResult> {
  constructor(
    readonly target: BidTarget,
    readonly amount: number,
    readonly teamId: string | undefined,
    readonly user: AuthUser,
    readonly at = new Date().toISOString(),
    /** Its place among the draft's commands received (absent when not received from a client). */
    readonly arrival?: ArrivalTicket,
  ) {
    super();
  }
}
