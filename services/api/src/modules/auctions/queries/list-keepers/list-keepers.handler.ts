import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { KeepersData } from '@auction/contracts';
import { draftNotFound, DraftReadModel } from '../../../drafts/index.js';
import { PicksReadModel } from '../../picks.read-model.js';
import { ListKeepersQuery } from './list-keepers.query.js';

/** An unknown or deleted draft is 404, as for every other read of a draft (an empty list said it had no keepers). */
@QueryHandler(ListKeepersQuery)
export class ListKeepersHandler implements IQueryHandler<ListKeepersQuery> {
  constructor(
    @Inject(DraftReadModel) private readonly drafts: DraftReadModel,
    @Inject(PicksReadModel) private readonly picks: PicksReadModel,
  ) {}

  async execute({ draftId }: ListKeepersQuery): Promise<KeepersData> {
    if (!(await this.drafts.findStatus(draftId))) throw draftNotFound();
    return { keepers: await this.picks.keepersOf(draftId) };
  }
}
