import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  DRAFT_ACTIVITY_DEFAULT_LIMIT,
  DRAFT_ACTIVITY_LIMIT_MAX,
  draftActivityDataSchema,
  draftActivityQuerySchema,
  type DraftActivityData,
  type Id,
} from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse, ZodQuery } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { GetDraftActivityQuery } from './get-draft-activity.query.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class GetDraftActivityController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':id/activity')
  @ApiOperation({
    summary: "A draft's activity feed (sales, keepers, corrections, status changes), newest first",
    description:
      `\`limit\` 1..${DRAFT_ACTIVITY_LIMIT_MAX}, default ${DRAFT_ACTIVITY_DEFAULT_LIMIT}. The feed is an ` +
      'asynchronous read model (ADR 0022): it may trail the draft by a poll; `lag` counts the log events it has ' +
      'still to read (0: up to date).',
  })
  @ZodQuery(draftActivityQuerySchema)
  @ZodOkResponse(draftActivityDataSchema)
  @ErrorResponses(
    [400, `Invalid id / limit must be a whole number between 1 and ${DRAFT_ACTIVITY_LIMIT_MAX}`],
    [401, 'Authentication required / Invalid or expired token'],
    [404, 'Draft not found'],
  )
  async getDraftActivity(
    @Param('id', ParseIdPipe) draftId: Id,
    // The pipe answers the schema's output: limit defaulted and range-checked (bad input → 400).
    @Query(new ZodValidationPipe(draftActivityQuerySchema)) { limit }: { limit: number },
  ): Promise<ApiEnvelope<DraftActivityData>> {
    const activity = await this.queryBus.execute(new GetDraftActivityQuery(draftId, limit));
    return ok('Draft activity retrieved successfully', activity);
  }
}
