import { Body, Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { assignOwnerRequestSchema, teamDataSchema, type Id, type TeamData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { AssignOwnerCommand } from './assign-owner.command.js';

@ApiTags('teams')
@ApiBearerAuth()
@Controller('teams')
export class AssignOwnerController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(':id/assign-owner')
  @HttpCode(HttpStatus.OK)
  @Roles('admin')
  @ApiOperation({
    summary: "Make a user the team's owner (admin only)",
    description: 'A user owns at most one team; the new owner may bid for the team at once.',
  })
  @ZodBody(assignOwnerRequestSchema)
  @ZodOkResponse(teamDataSchema, 200, 'User assigned to team successfully')
  @ErrorResponses(
    [400, 'Invalid id / Select a user'],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
    [404, 'Team not found / User not found'],
    [409, '{username} already owns {team}'],
  )
  async assignOwner(
    @Param('id', ParseIdPipe) teamId: Id,
    @Body(new ZodValidationPipe(assignOwnerRequestSchema)) body: z.output<typeof assignOwnerRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<TeamData>> {
    const team = await this.commandBus.execute(new AssignOwnerCommand(teamId, body.userId, user));
    return ok('User assigned to team successfully', { team });
  }
}
