import { Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { draftDataSchema, type DraftData, type Id } from '@auction/contracts';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { StartDraftCommand } from './start-draft.command.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class StartDraftController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(':id/start')
  @HttpCode(HttpStatus.OK)
  @Roles('admin')
  @ApiOperation({
    summary: 'Start a draft (admin only)',
    description:
      'Orders the teams by team number (the nomination order), puts the first one on the clock in round 1 and ' +
      "starts its nomination clock. When keepers fill that team's roster the turn passes to the next team that " +
      'can buy; when they fill every roster the draft completes at once.',
  })
  @ZodOkResponse(draftDataSchema, 200, 'Draft started successfully')
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
    [404, 'Draft not found'],
    [
      409,
      'The draft has already been started / The draft is already completed / ' +
        'A draft needs at least one team to start',
    ],
  )
  async startDraft(
    @Param('id', ParseIdPipe) draftId: Id,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<DraftData>> {
    const draft = await this.commandBus.execute(new StartDraftCommand(draftId, user));
    return ok('Draft started successfully', { draft });
  }
}
