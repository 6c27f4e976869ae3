import { Command } from '@nestjs/cqrs';
import type { ProxyBidData } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/index.js';

/** PUT /auctions/{id}/proxy. `at` is when the server received it: the proxy's bids are dated then. */
export class SetProxyBidCommand extends Command<ProxyBidData> {
  constructor(
    readonly auctionId: string,
    readonly teamId: string,
    readonly maxBid: number,
    readonly user: AuthUser,
    readonly at = new Date().toISOString(),
  ) {
    super();
  }
}
