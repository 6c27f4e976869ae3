import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import { DraftStream } from '../../../drafts/index.js';
import { AuctionIndex } from '../../auction-index.js';
import { DraftActors } from '../../draft-actor.js';
import { judgedAfterEarlierArrivals } from '../../judged-after-earlier-arrivals.js';
import { ProxyBidViews } from '../../proxy-bids.js';
import { appendedEvent } from '../../appended-event.js';
import { privateEventSalt } from '../../private-event-salt.js';
import { SetProxyBidCommand, type SetProxyBidResult } from './set-proxy-bid.command.js';

/**
 * The decider records the maximum and, in the same append, any bids it places at once (ADR 0017); the commit hook
 * sends those as ordinary bidPlaced events. The maximum itself only ever goes back to the caller.
 */
@CommandHandler(SetProxyBidCommand)
export class SetProxyBidHandler implements ICommandHandler<SetProxyBidCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftActors) private readonly actors: DraftActors,
    @Inject(AuctionIndex) private readonly index: AuctionIndex,
    @Inject(ProxyBidViews) private readonly views: ProxyBidViews,
  ) {}

  /**
   * The team's maximum now, and the one this command set. On a retry with the same key both are the first run's, for
   * the first run's team and auction: the decider did not judge the retry, so a team it names is nobody's to read.
   */
  async execute({
    auctionId,
    teamId,
    maxBid,
    user,
    at,
    arrival,
  }: SetProxyBidCommand): Promise<SetProxyBidResult> {
    const draftId = await this.index.draftOf(auctionId);
    arrival?.named(draftId);
    const actor = await this.actors.of(user);
    const result = await judgedAfterEarlierArrivals(draftId, at, arrival, () =>
      this.drafts.run(
        draftId,
        { type: 'SetProxyBid', data: { auctionId, teamId, maxBid, actor, at, salt: privateEventSalt() } },
        user,
      ),
    );
    // A maximum set again unchanged appends nothing: then it is the one asked for.
    const set = appendedEvent(result, 'ProxyBidSet')?.data ?? { auctionId, teamId, maxBid };
    return {
      data: await this.views.of(draftId, result.state, set.auctionId, set.teamId),
      maxBid: set.maxBid,
    };
  }
}
