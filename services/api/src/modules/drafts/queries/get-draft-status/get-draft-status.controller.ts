import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { DraftStatusData, Id } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { GetDraftStatusQuery } from './get-draft-status.query.js';

@Controller('drafts')
export class GetDraftStatusController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':id/status')
  async getDraftStatus(@Param('id', ParseIdPipe) draftId: Id): Promise<ApiEnvelope<DraftStatusData>> {
    const status = await this.queryBus.execute(new GetDraftStatusQuery(draftId));
    return ok('Draft status retrieved successfully', status);
  }
}
