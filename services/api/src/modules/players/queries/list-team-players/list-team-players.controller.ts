import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { playerListQuerySchema, playersDataSchema, type Id, type PlayersData } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { PlayerListQueryDocs } from '../../player-openapi.js';
import {
  TEAM_PLAYERS_DEFAULT_LIMIT,
  filtersOf,
  pageOf,
  type PlayerListParams,
} from '../../player-query-options.js';
import { ListTeamPlayersQuery } from './list-team-players.query.js';

@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
export class ListTeamPlayersController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get('team/:teamId')
  @ApiOperation({
    summary:
      'The players a fantasy team bought in a draft (draftId, else its current draft), most expensive first',
  })
  @PlayerListQueryDocs({ defaultLimit: TEAM_PLAYERS_DEFAULT_LIMIT })
  @ZodOkResponse(playersDataSchema)
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required'],
    [404, 'Team not found (or Draft not found, for a draftId)'],
  )
  async listTeamPlayers(
    @Param('teamId', ParseIdPipe) teamId: Id,
    @Query(new ZodValidationPipe(playerListQuerySchema)) params: PlayerListParams,
  ): Promise<ApiEnvelope<PlayersData>> {
    const data = await this.queryBus.execute(
      new ListTeamPlayersQuery(
        teamId,
        filtersOf(params),
        pageOf(params, TEAM_PLAYERS_DEFAULT_LIMIT),
        params.draftId,
      ),
    );
    return ok('Players retrieved successfully', data);
  }
}
