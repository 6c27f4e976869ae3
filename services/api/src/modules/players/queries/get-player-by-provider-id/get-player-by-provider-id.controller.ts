import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiParam, ApiTags } from '@nestjs/swagger';
import {
  playerDataSchema,
  playerProviderIdSchema,
  playerProviderSchema,
  type PlayerData,
} from '@auction/contracts';
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
    [400, 'Invalid provider or playerId'],
    [401, 'Authentication required'],
    [404, 'Player not found'],
  )
  async getByProviderId(
    @Param('provider', new ZodValidationPipe(playerProviderSchema)) provider: string,
    @Param('providerId', new ZodValidationPipe(playerProviderIdSchema)) providerId: string,
  ): Promise<ApiEnvelope<PlayerData>> {
    const player = await this.queryBus.execute(new GetPlayerByProviderIdQuery(provider, providerId));
    return ok('Player retrieved successfully', { player });
  }
}
