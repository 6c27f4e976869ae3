import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Draft } from '@auction/contracts';
import { DraftReadModel } from '../../draft.read-model.js';
import { ListDraftsQuery } from './list-drafts.query.js';

@QueryHandler(ListDraftsQuery)
export class ListDraftsHandler implements IQueryHandler<ListDraftsQuery> {
  constructor(@Inject(DraftReadModel) private readonly drafts: DraftReadModel) {}

  execute(): Promise<Draft[]> {
    return this.drafts.list();
  }
}
