import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pick } from '@auction/contracts';
import { draftNotFound, DraftReadModel } from '../../../drafts/index.js';
import { PicksReadModel } from '../../picks.read-model.js';
import { ListRecentPicksQuery } from './list-recent-picks.query.js';

@QueryHandler(ListRecentPicksQuery)
export class ListRecentPicksHandler implements IQueryHandler<ListRecentPicksQuery> {
  constructor(
    @Inject(DraftReadModel) private readonly drafts: DraftReadModel,
    @Inject(PicksReadModel) private readonly picks: PicksReadModel,
  ) {}

  /** A named draft that does not exist or was deleted is 404, as for the draft's own picks and player reads. */
  async execute({ limit, draftId }: ListRecentPicksQuery): Promise<Pick[]> {
    if (draftId !== undefined && !(await this.drafts.findStatus(draftId))) throw draftNotFound();
    return this.picks.recent(limit, draftId);
  }
}
