import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DraftAuctionData } from '@auction/contracts';
import { AuctionViews } from '../../auction-views.js';
import { GetDraftAuctionQuery } from './get-draft-auction.query.js';

@QueryHandler(GetDraftAuctionQuery)
export class GetDraftAuctionHandler implements IQueryHandler<GetDraftAuctionQuery> {
  constructor(@Inject(AuctionViews) private readonly views: AuctionViews) {}

  execute({ draftId }: GetDraftAuctionQuery): Promise<DraftAuctionData> {
    return this.views.ofDraft(draftId);
  }
}
