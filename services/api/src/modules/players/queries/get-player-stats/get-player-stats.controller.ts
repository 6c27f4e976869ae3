import { Controller, Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  playerReadQuerySchema,
  playerStatsSummarySchema,
  type PlayerReadQuery,
  type PlayerStatsSummary,
} from '@auction/contracts';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
import { DraftScopeQueryDocs } from '../../player-openapi.js';
import { scopeOf } from '../../player-query-options.js';
import { GetPlayerStatsQuery } from './get-player-stats.query.js';

@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
export class GetPlayerStatsController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get('stats/summary')
  @ApiOperation({
    summary:
      "Counts by position, drafted and available players (in one draft's pool), averages, last sync time",
  })
  @DraftScopeQueryDocs()
  @ZodOkResponse(playerStatsSummarySchema)
  @ErrorResponses([400, 'Invalid id'], [401, 'Authentication required'], [404, 'Draft not found'])
  async summary(
    @Query(new ZodValidationPipe(playerReadQuerySchema)) params: PlayerReadQuery,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<PlayerStatsSummary>> {
    const summary = await this.queryBus.execute(new GetPlayerStatsQuery(scopeOf(user, params)));
    return ok('Player stats retrieved successfully', summary);
  }
}
