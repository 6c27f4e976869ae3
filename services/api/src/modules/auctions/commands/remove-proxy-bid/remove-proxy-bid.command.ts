import { Command } from '@nestjs/cqrs';
import type { ProxyBidData } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/index.js';

/** What removing a maximum did: the team's maximum now (none), and whether there was one to remove. */
export interface RemoveProxyBidResult {
  data: ProxyBidData;
  removed: boolean;
}

/** DELETE /auctions/{id}/proxy: `teamId` absent means the user's own team in the draft. */
export class RemoveProxyBidCommand extends Command<RemoveProxyBidResult> {
  constructor(
    readonly auctionId: string,
    readonly teamId: string | undefined,
    readonly user: AuthUser,
    readonly at = new Date().toISOString(),
  ) {
    super();
  }
}
