import { Inject, Injectable } from '@nestjs/common';
import type { ProxyBidData } from '@auction/contracts';
import { proxyBidOf, type DraftActor, type DraftState } from '@auction/domain';
import { teamRequired } from './auction.errors.js';
import { AuctionViews } from './auction-views.js';
import { ownTeamIn } from './draft-actor.js';

/** The team a proxy route acts for: the one named, else the user's own team in the draft (admins must name one). */
export function proxyTeamOf(teamId: string | undefined, actor: DraftActor, state: DraftState): string {
  const team = teamId ?? (actor.isAdmin ? undefined : ownTeamIn(actor, state.teamOrder));
  if (!team) throw teamRequired();
  return team;
}

/** A team's maximum for an auction as its owner (or an admin) reads it, with the auction as it stands. */
@Injectable()
export class ProxyBidViews {
  constructor(@Inject(AuctionViews) private readonly views: AuctionViews) {}

  async of(draftId: string, state: DraftState, auctionId: string, teamId: string): Promise<ProxyBidData> {
    const open = state.auction?.auctionId === auctionId;
    return {
      auctionId,
      teamId,
      maxBid: open ? (proxyBidOf(state, teamId)?.maxBid ?? null) : null,
      auction: await this.views.auction(draftId, state, auctionId),
    };
  }
}
