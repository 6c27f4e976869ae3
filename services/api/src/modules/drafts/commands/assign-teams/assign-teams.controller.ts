import { Body, Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { assignTeamsRequestSchema, type DraftData, type Id } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ZodBody } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { AssignTeamsCommand } from './assign-teams.command.js';

@Controller('drafts')
export class AssignTeamsController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(':id/teams')
  @HttpCode(HttpStatus.OK)
  @Roles('admin')
  @ZodBody(assignTeamsRequestSchema)
  async assignTeams(
    @Param('id', ParseIdPipe) draftId: Id,
    @Body(new ZodValidationPipe(assignTeamsRequestSchema)) body: z.output<typeof assignTeamsRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<DraftData>> {
    const draft = await this.commandBus.execute(new AssignTeamsCommand(draftId, body.teamIds, user));
    return ok('Teams assigned successfully', { draft });
  }
}
