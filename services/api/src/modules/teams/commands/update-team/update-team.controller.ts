import { Body, Controller, Inject, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { updateTeamRequestSchema, type Id, type TeamData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ZodBody } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { UpdateTeamCommand } from './update-team.command.js';

@Controller('teams')
export class UpdateTeamController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Put(':id')
  @Roles('admin')
  @ZodBody(updateTeamRequestSchema)
  async updateTeam(
    @Param('id', ParseIdPipe) teamId: Id,
    @Body(new ZodValidationPipe(updateTeamRequestSchema)) body: z.output<typeof updateTeamRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<TeamData>> {
    const team = await this.commandBus.execute(new UpdateTeamCommand(teamId, body, user));
    return ok('Team updated successfully', { team });
  }
}
