import { Controller, Get, Inject, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { QueryBus } from '@nestjs/cqrs';
import { picksDataSchema, recentPicksQuerySchema, type PicksData } from '@auction/contracts';
import type { z } from 'zod';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse, ZodQuery } from '../../../../common/openapi/zod-openapi.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
import { ListRecentPicksQuery } from './list-recent-picks.query.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class ListRecentPicksController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** ?limit (1..500, default 100) &draftId (optional): newest first, across live drafts (the picks page). */
  @Get('picks/recent')
  @ApiOperation({ summary: 'The newest picks of every draft that is not deleted, or of one draft (draftId)' })
  @ZodQuery(recentPicksQuerySchema)
  @ZodOkResponse(picksDataSchema, 200, 'The newest picks, newest first')
  @ErrorResponses(
    [400, 'limit must be a whole number / limit must be between 1 and 500 / Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [404, 'Draft not found'],
  )
  async recent(
    @Query(new ZodValidationPipe(recentPicksQuerySchema)) query: z.output<typeof recentPicksQuerySchema>,
  ): Promise<ApiEnvelope<PicksData>> {
    const picks = await this.queryBus.execute(new ListRecentPicksQuery(query.limit, query.draftId));
    return ok('Recent picks retrieved successfully', { picks });
  }
}
