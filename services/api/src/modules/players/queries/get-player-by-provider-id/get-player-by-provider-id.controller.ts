import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  playerDataSchema,
  playerReadQuerySchema,
  textSchema,
  type PlayerData,
  type PlayerReadQuery,
} from '@auction/contracts';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
import { DraftScopeQueryDocs } from '../../player-openapi.js';
import { scopeOf } from '../../player-query-options.js';
import { GetPlayerByProviderIdQuery } from './get-player-by-provider-id.query.js';

/**
 * Registered after every other two-segment GET under /players (position/…, team/…, stats/summary): Express
 * matches routes in registration order, and this pattern would take those paths too.
 */
@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
export class GetPlayerByProviderIdController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':provider/:providerId')
  @ApiOperation({
    summary: "One player by the data provider's id (the playerId picks use), e.g. sleeper/9509",
  })
  @ApiParam({ name: 'provider', example: 'sleeper' })
  @ApiParam({ name: 'providerId', example: '9509' })
  @DraftScopeQueryDocs()
  @ZodOkResponse(playerDataSchema)
  @ErrorResponses(
    [400, 'provider or playerId contains NUL or an unpaired surrogate; a draftId that is not an id'],
    [401, 'Authentication required'],
    [404, 'Player not found (or Draft not found, for a draftId)'],
  )
  async getByProviderId(
    // Only the characters are checked: any other text is an unknown player (404), however long.
    @Param('provider', new ZodValidationPipe(textSchema('provider'))) provider: string,
    @Param('providerId', new ZodValidationPipe(textSchema('playerId'))) providerId: string,
    @Query(new ZodValidationPipe(playerReadQuerySchema)) params: PlayerReadQuery,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<PlayerData>> {
    const player = await this.queryBus.execute(
      new GetPlayerByProviderIdQuery(provider, providerId, scopeOf(user, params)),
    );
    return ok('Player retrieved successfully', { player });
  }
}
