import { Controller, Get, Inject, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { playerListQuerySchema, playersDataSchema, type PlayersData } from '@auction/contracts';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
import { PlayerListQueryDocs } from '../../player-openapi.js';
import { filtersOf, pageOf, scopeOf, type PlayerListParams } from '../../player-query-options.js';
import { ListPlayersQuery } from './list-players.query.js';

@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
export class ListPlayersController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'Players by ADP (no ADP last), then projected points; total counts every match' })
  @PlayerListQueryDocs()
  @ZodOkResponse(playersDataSchema)
  @ErrorResponses(
    [400, 'limit must be a whole number between 1 and 100'],
    [401, 'Authentication required'],
    [404, 'Draft not found'],
  )
  async list(
    @Query(new ZodValidationPipe(playerListQuerySchema)) params: PlayerListParams,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<PlayersData>> {
    const data = await this.queryBus.execute(
      new ListPlayersQuery(filtersOf(params), pageOf(params), scopeOf(user, params)),
    );
    return ok('Players retrieved successfully', data);
  }
}
