import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { IDEMPOTENT_AUCTION_ENDED_MESSAGE } from '@auction/contracts';
import {
  ConflictError,
  type BidPlaced,
  type DraftCommand,
  type DraftEvent,
  type DraftState,
} from '@auction/domain';
import { DraftStream, draftNotFound } from '../../../drafts/index.js';
import { auctionNotFound, teamRequired } from '../../auction.errors.js';
import { AuctionIndex } from '../../auction-index.js';
import { AuctionViews } from '../../auction-views.js';
import { DraftActors, ownTeamIn } from '../../draft-actor.js';
import { judgedAfterEarlierArrivals } from '../../judged-after-earlier-arrivals.js';
import { PlaceBidCommand, type BidTarget, type PlaceBidResult, type PlacedBid } from './place-bid.command.js';

/**
 * The bid path, kept lean for thousands of bids a second on one draft: the auction → draft pair and the team names
 * come from in-process caches, the state from the cached fold; the only queries are the user's teams (admins: none)
 * and the append with its inline projection. Live events go out from the commit hook, in log order.
 */
@CommandHandler(PlaceBidCommand)
export class PlaceBidHandler implements ICommandHandler<PlaceBidCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftActors) private readonly actors: DraftActors,
    @Inject(AuctionIndex) private readonly index: AuctionIndex,
    @Inject(AuctionViews) private readonly views: AuctionViews,
  ) {}

  async execute(command: PlaceBidCommand): Promise<PlaceBidResult> {
    const { target, user, at, amount, arrival } = command;
    const draftId = 'draftId' in target ? target.draftId : await this.index.draftOf(target.auctionId);
    // Known now: the other drafts' clocks and bids stop waiting for it while it looks up its teams.
    arrival?.named(draftId);
    const actor = await this.actors.of(user);
    let namedAnotherAuction = false;
    const build = (state: DraftState): DraftCommand => {
      const auctionId = auctionIdFor(target, state);
      namedAnotherAuction = auctionId !== state.auction?.auctionId;
      const teamId = command.teamId ?? (actor.isAdmin ? undefined : ownTeamIn(actor, state.teamOrder));
      if (!teamId) throw teamRequired();
      return { type: 'PlaceBid', data: { auctionId, teamId, amount, actor, at } };
    };
    const result = await judgedAfterEarlierArrivals(draftId, at, arrival, () =>
      this.drafts.run(draftId, { kind: 'PlaceBid', build }, user),
    ).catch(async (error: unknown) => {
      if (namedAnotherAuction) await this.assertAuctionOf(draftId, target);
      throw error;
    });
    // The command's own manual bid comes first; the maximum bids that answered it in the same append follow.
    const bids = result.events.filter(isBidPlaced);
    const placed = bids[0]!.data;
    const last = bids.at(-1)!.data;
    const auction = await this.views.auction(draftId, result.state, placed.auctionId);
    // Null only for a retry whose auction has ended since.
    if (!auction) throw new ConflictError(IDEMPOTENT_AUCTION_ENDED_MESSAGE);
    const bid: PlacedBid = { amount: placed.amount, teamId: placed.teamId };
    if (last.teamId !== placed.teamId) bid.outbidAt = last.amount;
    return { draftId, auction, bid };
  }

  /**
   * A socket bid names its draft and may name an auction the draft is not running: an earlier one of the draft has
   * ended (the decider's refusal stands), but an id that never was one of this draft's auctions is not found, as the
   * same bid by REST would be. Asked only on that refusal, so lost races on the open auction cost no read.
   */
  private async assertAuctionOf(draftId: string, target: BidTarget): Promise<void> {
    if (!('draftId' in target) || !target.auctionId) return;
    const auctionDraftId = await this.index.draftOf(target.auctionId);
    if (auctionDraftId !== draftId) throw auctionNotFound();
  }
}

function isBidPlaced(event: DraftEvent): event is BidPlaced {
  return event.type === 'BidPlaced';
}

/** REST names the auction; the socket names the player, which must be the one up for auction. */
function auctionIdFor(target: BidTarget, state: DraftState): string {
  if (!('draftId' in target)) return target.auctionId;
  // The decider says so too, but only after this function looked for the auction: "No auction is running" misled.
  if (!state.exists || state.deleted) throw draftNotFound();
  const { auction } = state;
  if (target.auctionId) return target.auctionId;
  if (!auction) throw new ConflictError('No auction is running');
  if (auction.playerId !== target.playerId)
    throw new ConflictError(`${auction.playerName} is up for auction, not this player`);
  return auction.auctionId;
}
