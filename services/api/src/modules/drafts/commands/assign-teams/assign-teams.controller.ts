import { Body, Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { assignTeamsRequestSchema, draftDataSchema, type DraftData, type Id } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { AssignTeamsCommand } from './assign-teams.command.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class AssignTeamsController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(':id/teams')
  @HttpCode(HttpStatus.OK)
  @Roles('admin')
  @ApiOperation({
    summary: "Replace a draft's set of teams (admin only)",
    description:
      'Only while the draft is `created`: at most teamsCount teams, each once, no two with one team number, none ' +
      'playing in another draft that is not completed. A team holding keepers cannot be taken out.',
  })
  @ZodBody(assignTeamsRequestSchema)
  @ZodOkResponse(draftDataSchema, 200, 'Teams assigned successfully')
  @ErrorResponses(
    [
      400,
      'Invalid id / Select at least one team / A draft takes at most 12 teams / ' +
        'This draft takes at most {n} teams / Each team can be assigned only once / ' +
        'Two teams cannot share team number {n}',
    ],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
    [404, 'Draft not found / Team not found'],
    [
      409,
      'Teams can only be assigned while the draft is in created status / {team} is already in draft "{draft}" / ' +
        "Remove a team's keepers before taking it out of the draft",
    ],
  )
  async assignTeams(
    @Param('id', ParseIdPipe) draftId: Id,
    @Body(new ZodValidationPipe(assignTeamsRequestSchema)) body: z.output<typeof assignTeamsRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<DraftData>> {
    const draft = await this.commandBus.execute(new AssignTeamsCommand(draftId, body.teamIds, user));
    return ok('Teams assigned successfully', { draft });
  }
}
