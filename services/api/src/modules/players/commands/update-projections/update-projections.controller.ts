import { Body, Controller, Inject, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import {
  playerDataSchema,
  updateProjectionsRequestSchema,
  type Id,
  type PlayerData,
} from '@auction/contracts';
import type { z } from 'zod';
import { Roles } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { UpdateProjectionsCommand } from './update-projections.command.js';

@ApiTags('players')
@ApiBearerAuth()
@Controller('players')
export class UpdateProjectionsController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Put(':id/projections')
  @Roles('admin')
  @ApiOperation({ summary: "Set a player's projected points, ADP or auction value (admin only)" })
  @ZodBody(updateProjectionsRequestSchema)
  @ZodOkResponse(playerDataSchema)
  @ErrorResponses(
    [400, 'projectedPoints must be a number'],
    [401, 'Authentication required'],
    [403, 'Access denied. Admin role required.'],
    [404, 'Player not found'],
  )
  async updateProjections(
    @Param('id', ParseIdPipe) playerId: Id,
    @Body(new ZodValidationPipe(updateProjectionsRequestSchema))
    body: z.output<typeof updateProjectionsRequestSchema>,
  ): Promise<ApiEnvelope<PlayerData>> {
    const player = await this.commandBus.execute(new UpdateProjectionsCommand(playerId, body));
    return ok('Player projections updated successfully', { player });
  }
}
