import { Body, Controller, Inject, Param, Put } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { draftDataSchema, updateDraftRequestSchema, type DraftData, type Id } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { UpdateDraftCommand } from './update-draft.command.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class UpdateDraftController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Put(':id')
  @Roles('admin')
  @ApiOperation({
    summary: 'Rename a draft or change its settings (admin only)',
    description:
      'The name can be changed in any status; the settings only while the draft is `created` (sending them back ' +
      "unchanged is fine in any status), with teamsCount not below the teams already assigned and every team's " +
      'keepers still within its budget and roster. The least budget per team ($P below) is $1 for each of the ' +
      'playersPerTeam slots.',
  })
  @ZodBody(updateDraftRequestSchema)
  @ZodOkResponse(draftDataSchema, 200, 'Draft updated successfully')
  @ErrorResponses(
    [
      400,
      'Invalid id / Nothing to update: send name or settings / Draft name is required / ' +
        'Teams count must be between 1 and 12 / ' +
        'Budget per team must be a whole number between $P and $10000 (each player costs at least $1)',
    ],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
    [404, 'Draft not found'],
    [
      409,
      'Draft settings can only be changed while the draft is in created status / ' +
        'Teams count cannot be lower than the {n} teams already assigned / ' +
        "The new settings leave a team's keepers over its budget or roster",
    ],
  )
  async updateDraft(
    @Param('id', ParseIdPipe) draftId: Id,
    @Body(new ZodValidationPipe(updateDraftRequestSchema)) body: z.output<typeof updateDraftRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<DraftData>> {
    const draft = await this.commandBus.execute(new UpdateDraftCommand(draftId, body, user));
    return ok('Draft updated successfully', { draft });
  }
}
