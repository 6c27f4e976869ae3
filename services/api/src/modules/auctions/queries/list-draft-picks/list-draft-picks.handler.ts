import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Pick } from '@auction/contracts';
import { draftNotFound, DraftReadModel } from '../../../drafts/index.js';
import { PicksReadModel } from '../../picks.read-model.js';
import { ListDraftPicksQuery } from './list-draft-picks.query.js';

@QueryHandler(ListDraftPicksQuery)
export class ListDraftPicksHandler implements IQueryHandler<ListDraftPicksQuery> {
  constructor(
    @Inject(DraftReadModel) private readonly drafts: DraftReadModel,
    @Inject(PicksReadModel) private readonly picks: PicksReadModel,
  ) {}

  async execute({ draftId }: ListDraftPicksQuery): Promise<Pick[]> {
    if (!(await this.drafts.findStatus(draftId))) throw draftNotFound();
    return this.picks.ofDraft(draftId);
  }
}
