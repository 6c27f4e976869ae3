import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DraftValuesData } from '@auction/contracts';
import { DraftAuctionValues } from '../../draft-auction-values.js';
import { GetDraftValuesQuery } from './get-draft-values.query.js';

@QueryHandler(GetDraftValuesQuery)
export class GetDraftValuesHandler implements IQueryHandler<GetDraftValuesQuery> {
  constructor(@Inject(DraftAuctionValues) private readonly values: DraftAuctionValues) {}

  execute({ draftId }: GetDraftValuesQuery): Promise<DraftValuesData> {
    return this.values.table(draftId);
  }
}
