import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { playerDataSchema, type Id, type PlayerData } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { GetPlayerQuery } from './get-player.query.js';

@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
export class GetPlayerController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':id')
  @ApiOperation({ summary: 'One player by its id (_id)' })
  @ZodOkResponse(playerDataSchema)
  @ErrorResponses([400, 'Invalid id'], [401, 'Authentication required'], [404, 'Player not found'])
  async getPlayer(@Param('id', ParseIdPipe) playerId: Id): Promise<ApiEnvelope<PlayerData>> {
    const player = await this.queryBus.execute(new GetPlayerQuery(playerId));
    return ok('Player retrieved successfully', { player });
  }
}
