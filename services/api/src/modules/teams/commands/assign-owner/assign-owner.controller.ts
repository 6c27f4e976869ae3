import { Body, Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { assignOwnerRequestSchema, type Id, type TeamData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ZodBody } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { AssignOwnerCommand } from './assign-owner.command.js';

@Controller('teams')
export class AssignOwnerController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(':id/assign-owner')
  @HttpCode(HttpStatus.OK)
  @Roles('admin')
  @ZodBody(assignOwnerRequestSchema)
  async assignOwner(
    @Param('id', ParseIdPipe) teamId: Id,
    @Body(new ZodValidationPipe(assignOwnerRequestSchema)) body: z.output<typeof assignOwnerRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<TeamData>> {
    const team = await this.commandBus.execute(new AssignOwnerCommand(teamId, body.userId, user));
    return ok('User assigned to team successfully', { team });
  }
}
