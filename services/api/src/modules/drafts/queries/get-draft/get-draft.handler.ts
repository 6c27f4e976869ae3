import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { Draft } from '@auction/contracts';
import { draftNotFound } from '../../draft.errors.js';
import { DraftReadModel } from '../../draft.read-model.js';
import { GetDraftQuery } from './get-draft.query.js';

@QueryHandler(GetDraftQuery)
export class GetDraftHandler implements IQueryHandler<GetDraftQuery> {
  constructor(@Inject(DraftReadModel) private readonly drafts: DraftReadModel) {}

  async execute({ draftId }: GetDraftQuery): Promise<Draft> {
    const draft = await this.drafts.findById(draftId);
    if (!draft) throw draftNotFound();
    return draft;
  }
}
