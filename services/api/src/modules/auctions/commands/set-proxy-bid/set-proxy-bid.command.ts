import { Command } from '@nestjs/cqrs';
import type { ProxyBidData } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/index.js';
import type { ArrivalTicket } from '../../../../common/http/arrivals-in-flight.js';

/** PUT /auctions/{id}/proxy. `at` is when the server received it: the proxy's bids are dated then. */
/** The team's maximum now, and the one the command set (on a retry with the same key, the first run's). */
export interface SetProxyBidResult {
  data: ProxyBidData;
  maxBid: number;
}

export class SetProxyBidCommand extends Command<SetProxyBidResult> {
  constructor(
    readonly auctionId: string,
    readonly teamId: string,
    readonly maxBid: number,
    readonly user: AuthUser,
    readonly at = new Date().toISOString(),
    /** Its place among the draft's commands received (absent when not received from a client). */
    readonly arrival?: ArrivalTicket,
  ) {
    super();
  }
}
