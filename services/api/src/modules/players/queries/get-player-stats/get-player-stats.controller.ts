import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { playerStatsSummarySchema, type PlayerStatsSummary } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { GetPlayerStatsQuery } from './get-player-stats.query.js';

@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
export class GetPlayerStatsController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get('stats/summary')
  @ApiOperation({ summary: 'Counts by position, drafted and available players, averages, last sync time' })
  @ZodOkResponse(playerStatsSummarySchema)
  @ErrorResponses([401, 'Authentication required'])
  async summary(): Promise<ApiEnvelope<PlayerStatsSummary>> {
    const summary = await this.queryBus.execute(new GetPlayerStatsQuery());
    return ok('Player stats retrieved successfully', summary);
  }
}
