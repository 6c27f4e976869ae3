import { Query } from '@nestjs/cqrs';
import type { ProxyBidData } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/index.js';

export class GetProxyBidQuery extends Query<ProxyBidData> {
  constructor(
    readonly auctionId: string,
    readonly teamId: string | undefined,
    readonly user: AuthUser,
  ) {
    super();
  }
}
