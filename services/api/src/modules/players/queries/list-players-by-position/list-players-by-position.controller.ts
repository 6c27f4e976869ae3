import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  PLAYER_POSITIONS,
  playerListQuerySchema,
  playerPositionSchema,
  playersDataSchema,
  type PlayerPosition,
  type PlayersData,
} from '@auction/contracts';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
import { PlayerListQueryDocs } from '../../player-openapi.js';
import { filtersOf, pageOf, scopeOf, type PlayerListParams } from '../../player-query-options.js';
import { ListPlayersQuery } from '../list-players/list-players.query.js';

/** The player listing of one position: the list use case with the position taken from the path. */
@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
export class ListPlayersByPositionController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get('position/:position')
  @ApiOperation({ summary: 'Players of one position by ADP, then projected points' })
  @ApiParam({ name: 'position', enum: PLAYER_POSITIONS })
  @PlayerListQueryDocs({ withPosition: false })
  @ZodOkResponse(playersDataSchema)
  @ErrorResponses(
    [400, 'Position must be one of QB, RB, WR, TE, K, DEF'],
    [401, 'Authentication required'],
    [404, 'Draft not found'],
  )
  async listByPosition(
    @Param('position', new ZodValidationPipe(playerPositionSchema)) position: PlayerPosition,
    @Query(new ZodValidationPipe(playerListQuerySchema)) params: PlayerListParams,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<PlayersData>> {
    const data = await this.queryBus.execute(
      new ListPlayersQuery(filtersOf({ ...params, position }), pageOf(params), scopeOf(user, params)),
    );
    return ok('Players retrieved successfully', data);
  }
}
