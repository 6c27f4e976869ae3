import { Controller, Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { playerSearchQuerySchema, playersDataSchema, type PlayersData } from '@auction/contracts';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
import { PlayerSearchQueryDocs } from '../../player-openapi.js';
import { filtersOf, scopeOf, searchLimitOf, type PlayerSearchParams } from '../../player-query-options.js';
import { SearchPlayersQuery } from './search-players.query.js';

@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
export class SearchPlayersController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get('search')
  @ApiOperation({
    summary:
      'Players whose name matches q: exact name, then name or word prefix, then part of the name, then similar',
  })
  @PlayerSearchQueryDocs()
  @ZodOkResponse(playersDataSchema)
  @ErrorResponses(
    [400, 'Search query is required'],
    [401, 'Authentication required'],
    [404, 'Draft not found'],
  )
  async search(
    @Query(new ZodValidationPipe(playerSearchQuerySchema)) params: PlayerSearchParams,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<PlayersData>> {
    const players = await this.queryBus.execute(
      new SearchPlayersQuery(params.q, filtersOf(params), searchLimitOf(params), scopeOf(user, params)),
    );
    return ok('Players retrieved successfully', { players });
  }
}
