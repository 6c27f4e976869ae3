import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import { playerDataSchema, textSchema, type PlayerData } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
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
  @ZodOkResponse(playerDataSchema)
  @ErrorResponses(
    [400, 'provider or playerId contains NUL or an unpaired surrogate'],
    [401, 'Authentication required'],
    [404, 'Player not found'],
  )
  async getByProviderId(
    // Only the characters are checked: any other text is an unknown player (404), however long.
    @Param('provider', new ZodValidationPipe(textSchema('provider'))) provider: string,
    @Param('providerId', new ZodValidationPipe(textSchema('playerId'))) providerId: string,
  ): Promise<ApiEnvelope<PlayerData>> {
    const player = await this.queryBus.execute(new GetPlayerByProviderIdQuery(provider, providerId));
    return ok('Player retrieved successfully', { player });
  }
}
