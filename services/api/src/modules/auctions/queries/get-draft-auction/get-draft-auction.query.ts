import { Query } from '@nestjs/cqrs';
import type { DraftAuctionData } from '@auction/contracts';

export class GetDraftAuctionQuery extends Query<DraftAuctionData> {
  constructor(readonly draftId: string) {
    super();
  }
}
