import { Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { draftDataSchema, type DraftData, type Id } from '@auction/contracts';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ReceivedAt } from '../../../../common/http/received-at.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { PauseDraftCommand } from './pause-draft.command.js';

/** Admins freeze a draft's clocks (the room shows the paused look). */
@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class PauseDraftController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(':id/pause')
  @HttpCode(HttpStatus.OK)
  @Roles('admin')
  @ApiOperation({
    summary: 'Pause an active draft (admin only)',
    description:
      "Freezes the running auction's and the nomination clock's time left; bids, nominations and completion are " +
      'refused while paused (`The draft is paused`).',
  })
  @ZodOkResponse(draftDataSchema, 200, 'Paused: the auction and nomination clocks keep their time left')
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
    [404, 'Draft not found'],
    [409, 'The draft is already paused / The draft has not started / The draft is completed'],
  )
  async pause(
    @Param('id', ParseIdPipe) draftId: Id,
    @CurrentUser() user: AuthUser,
    // The clocks freeze at the time they had left when the request arrived, not when its token had been checked.
    @ReceivedAt() at: string,
  ): Promise<ApiEnvelope<DraftData>> {
    const draft = await this.commandBus.execute(new PauseDraftCommand(draftId, user, at));
    return ok('Draft paused', { draft });
  }
}
