import { Inject } from '@nestjs/common';
import { CommandHandler, type ICommandHandler } from '@nestjs/cqrs';
import type { DraftCommand, DraftState } from '@auction/domain';
import { DraftStream } from '../../../drafts/index.js';
import { appendedEvent } from '../../appended-event.js';
import { AuctionIndex } from '../../auction-index.js';
import { DraftActors } from '../../draft-actor.js';
import { ProxyBidViews, proxyTeamOf } from '../../proxy-bids.js';
import { RemoveProxyBidCommand, type RemoveProxyBidResult } from './remove-proxy-bid.command.js';

@CommandHandler(RemoveProxyBidCommand)
export class RemoveProxyBidHandler implements ICommandHandler<RemoveProxyBidCommand> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftActors) private readonly actors: DraftActors,
    @Inject(AuctionIndex) private readonly index: AuctionIndex,
    @Inject(ProxyBidViews) private readonly views: ProxyBidViews,
  ) {}

  async execute({ auctionId, teamId, user, at }: RemoveProxyBidCommand): Promise<RemoveProxyBidResult> {
    const draftId = await this.index.draftOf(auctionId);
    const actor = await this.actors.of(user);
    let team = teamId;
    const build = (state: DraftState): DraftCommand => {
      team = proxyTeamOf(teamId, actor, state);
      return { type: 'RemoveProxyBid', data: { auctionId, teamId: team, actor, at } };
    };
    const result = await this.drafts.run(draftId, { kind: 'RemoveProxyBid', build }, user);
    // On a retry with the same key, the first run's team and auction: the decider did not judge the retry, so a team
    // it names is nobody's to read.
    const removed = appendedEvent(result, 'ProxyBidRemoved')?.data ?? { auctionId, teamId: team! };
    return {
      data: await this.views.of(draftId, result.state, removed.auctionId, removed.teamId),
      removed: result.events.length > 0,
    };
  }
}
