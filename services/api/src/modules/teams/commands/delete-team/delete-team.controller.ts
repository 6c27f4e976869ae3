import { Controller, Delete, Inject, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Id } from '@auction/contracts';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { DeleteTeamCommand } from './delete-team.command.js';

@Controller('teams')
export class DeleteTeamController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Delete(':id')
  @Roles('admin')
  async deleteTeam(
    @Param('id', ParseIdPipe) teamId: Id,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<{ teamId: Id }>> {
    await this.commandBus.execute(new DeleteTeamCommand(teamId, user));
    return ok('Team deleted successfully', { teamId });
  }
}
