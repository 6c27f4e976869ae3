import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { Auction } from '@auction/contracts';
import { ConflictError, type DraftCommand, type DraftState } from '@auction/domain';
import { DraftStream } from '../../../drafts/index.js';
import { teamRequired } from '../../auction.errors.js';
import { AuctionIndex } from '../../auction-index.js';
import { AuctionViews } from '../../auction-views.js';
import { DraftActors, ownTeamIn } from '../../draft-actor.js';
import { PlaceBidCommand, type BidTarget } from './place-bid.command.js';

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

  async execute(command: PlaceBidCommand): Promise<{ draftId: string; auction: Auction }> {
    const { target, user, at, amount } = command;
    const draftId = 'draftId' in target ? target.draftId : await this.index.draftOf(target.auctionId);
    const actor = await this.actors.of(user);
    const build = (state: DraftState): DraftCommand => {
      const auctionId = auctionIdFor(target, state);
      const teamId = command.teamId ?? (actor.isAdmin ? undefined : ownTeamIn(actor, state.teamOrder));
      if (!teamId) throw teamRequired();
      return { type: 'PlaceBid', data: { auctionId, teamId, amount, actor, at } };
    };
    const result = await this.drafts.run(draftId, build, user);
    const auctionId = result.events[0]?.type === 'BidPlaced' ? result.events[0].data.auctionId : undefined;
    const auction = await this.views.auction(draftId, result.state, auctionId);
    return { draftId, auction: auction! };
  }
}

/** REST names the auction; the socket names the player, which must be the one up for auction. */
function auctionIdFor(target: BidTarget, state: DraftState): string {
  if (!('draftId' in target)) return target.auctionId;
  const { auction } = state;
  if (target.auctionId) return target.auctionId;
  if (!auction) throw new ConflictError('No auction is running');
  if (auction.playerId !== target.playerId)
    throw new ConflictError(`${auction.playerName} is up for auction, not this player`);
  return auction.auctionId;
}
