import { Body, Controller, Inject, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { teamDataSchema, updateTeamRequestSchema, type Id, type TeamData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { UpdateTeamCommand } from './update-team.command.js';

@ApiTags('teams')
@ApiBearerAuth()
@Controller('teams')
export class UpdateTeamController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Put(':id')
  @Roles('admin')
  @ApiOperation({
    summary: 'Rename or renumber a team (admin only)',
    description:
      'A new name must be free among live teams; a new number must be free in every draft the team is in that is ' +
      'not completed.',
  })
  @ZodBody(updateTeamRequestSchema)
  @ZodOkResponse(teamDataSchema, 200, 'Team updated successfully')
  @ErrorResponses(
    [400, 'Invalid id / Nothing to update: send name or teamNumber / Team number must be between 1 and 12'],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
    [404, 'Team not found'],
    [409, 'A team named "{name}" already exists / Team number {n} is already taken by {team} in {draft}'],
  )
  async updateTeam(
    @Param('id', ParseIdPipe) teamId: Id,
    @Body(new ZodValidationPipe(updateTeamRequestSchema)) body: z.output<typeof updateTeamRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<TeamData>> {
    const team = await this.commandBus.execute(new UpdateTeamCommand(teamId, body, user));
    return ok('Team updated successfully', { team });
  }
}
