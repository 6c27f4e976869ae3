import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { DraftStatusData } from '@auction/contracts';
import { draftNotFound } from '../../draft.errors.js';
import { DraftReadModel } from '../../draft.read-model.js';
import { GetDraftStatusQuery } from './get-draft-status.query.js';

@QueryHandler(GetDraftStatusQuery)
export class GetDraftStatusHandler implements IQueryHandler<GetDraftStatusQuery> {
  constructor(@Inject(DraftReadModel) private readonly drafts: DraftReadModel) {}

  async execute({ draftId }: GetDraftStatusQuery): Promise<DraftStatusData> {
    const status = await this.drafts.findStatus(draftId);
    if (!status) throw draftNotFound();
    return status;
  }
}
