import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ProxyBidData } from '@auction/contracts';
import { ForbiddenError, assertDraftExists, requireDraftTeam } from '@auction/domain';
import { DraftStream } from '../../../drafts/index.js';
import { AuctionIndex } from '../../auction-index.js';
import { DraftActors } from '../../draft-actor.js';
import { ProxyBidViews, proxyTeamOf } from '../../proxy-bids.js';
import { GetProxyBidQuery } from './get-proxy-bid.query.js';

/** A maximum is private: only the team's owner and admins read it (ADR 0017). */
@QueryHandler(GetProxyBidQuery)
export class GetProxyBidHandler implements IQueryHandler<GetProxyBidQuery> {
  constructor(
    @Inject(DraftStream) private readonly drafts: DraftStream,
    @Inject(DraftActors) private readonly actors: DraftActors,
    @Inject(AuctionIndex) private readonly index: AuctionIndex,
    @Inject(ProxyBidViews) private readonly views: ProxyBidViews,
  ) {}

  async execute({ auctionId, teamId, user }: GetProxyBidQuery): Promise<ProxyBidData> {
    const draftId = await this.index.draftOf(auctionId);
    const actor = await this.actors.of(user);
    const { state } = await this.drafts.read(draftId);
    // The same refusals, in the same order, as setting or removing the maximum.
    assertDraftExists(state);
    const team = proxyTeamOf(teamId, actor, state);
    if (!actor.isAdmin && !actor.teamIds.includes(team)) {
      throw new ForbiddenError("You can only see your own team's maximum bid");
    }
    requireDraftTeam(state, team);
    return this.views.of(draftId, state, auctionId, team);
  }
}
