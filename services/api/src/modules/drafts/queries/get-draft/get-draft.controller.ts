import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { DraftData, Id } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { GetDraftQuery } from './get-draft.query.js';

@Controller('drafts')
export class GetDraftController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':id')
  async getDraft(@Param('id', ParseIdPipe) draftId: Id): Promise<ApiEnvelope<DraftData>> {
    const draft = await this.queryBus.execute(new GetDraftQuery(draftId));
    return ok('Draft retrieved successfully', { draft });
  }
}
