import { Controller, Delete, Inject, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { deleteTeamDataSchema, type DeleteTeamData, type Id } from '@auction/contracts';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { DeleteTeamCommand } from './delete-team.command.js';

@ApiTags('teams')
@ApiBearerAuth()
@Controller('teams')
export class DeleteTeamController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Delete(':id')
  @Roles('admin')
  @ApiOperation({
    summary: 'Delete a team (admin only)',
    description: 'Refused while the team is in a draft that is not completed.',
  })
  @ZodOkResponse(deleteTeamDataSchema, 200, 'Team deleted successfully')
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
    [404, 'Team not found'],
    [409, 'Team is assigned to a draft that is not completed'],
  )
  async deleteTeam(
    @Param('id', ParseIdPipe) teamId: Id,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<DeleteTeamData>> {
    await this.commandBus.execute(new DeleteTeamCommand(teamId, user));
    return ok('Team deleted successfully', { teamId });
  }
}
