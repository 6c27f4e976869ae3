import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { draftActivityQuerySchema, type DraftActivityData, type Id } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { GetDraftActivityQuery } from './get-draft-activity.query.js';

@Controller('drafts')
export class GetDraftActivityController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':id/activity')
  async getDraftActivity(
    @Param('id', ParseIdPipe) draftId: Id,
    // The pipe answers the schema's output: limit defaulted and range-checked (bad input → 400).
    @Query(new ZodValidationPipe(draftActivityQuerySchema)) { limit }: { limit: number },
  ): Promise<ApiEnvelope<DraftActivityData>> {
    const activity = await this.queryBus.execute(new GetDraftActivityQuery(draftId, limit));
    return ok('Draft activity retrieved successfully', activity);
  }
}
