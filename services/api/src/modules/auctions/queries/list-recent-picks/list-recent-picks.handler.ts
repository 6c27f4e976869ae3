import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pick } from '@auction/contracts';
import { PicksReadModel } from '../../picks.read-model.js';
import { ListRecentPicksQuery } from './list-recent-picks.query.js';

@QueryHandler(ListRecentPicksQuery)
export class ListRecentPicksHandler implements IQueryHandler<ListRecentPicksQuery> {
  constructor(@Inject(PicksReadModel) private readonly picks: PicksReadModel) {}

  execute({ limit, draftId }: ListRecentPicksQuery): Promise<Pick[]> {
    return this.picks.recent(limit, draftId);
  }
}
