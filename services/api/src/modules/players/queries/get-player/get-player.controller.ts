import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  playerDataSchema,
  playerReadQuerySchema,
  type Id,
  type PlayerData,
  type PlayerReadQuery,
} from '@auction/contracts';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { DraftScopeQueryDocs } from '../../player-openapi.js';
import { scopeOf } from '../../player-query-options.js';
import { GetPlayerQuery } from './get-player.query.js';

@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
export class GetPlayerController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':id')
  @ApiOperation({ summary: 'One player by its id (_id)' })
  @DraftScopeQueryDocs()
  @ZodOkResponse(playerDataSchema)
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required'],
    [404, 'Player not found (or Draft not found, for a draftId)'],
  )
  async getPlayer(
    @Param('id', ParseIdPipe) playerId: Id,
    @Query(new ZodValidationPipe(playerReadQuerySchema)) params: PlayerReadQuery,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<PlayerData>> {
    const player = await this.queryBus.execute(new GetPlayerQuery(playerId, scopeOf(user, params)));
    return ok('Player retrieved successfully', { player });
  }
}
