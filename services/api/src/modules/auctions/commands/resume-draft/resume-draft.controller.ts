import { Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { draftDataSchema, type DraftData, type Id } from '@auction/contracts';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ReceivedAt } from '../../../../common/http/received-at.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { ResumeDraftCommand } from './resume-draft.command.js';

/** Admins restart a paused draft's clocks from where they stopped. */
@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class ResumeDraftController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(':id/resume')
  @HttpCode(HttpStatus.OK)
  @Roles('admin')
  @ApiOperation({ summary: 'Resume a paused draft (admin only)' })
  @ZodOkResponse(draftDataSchema, 200, 'Resumed: the clocks run again from where they stopped')
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
    [404, 'Draft not found'],
    [409, 'The draft is not paused'],
  )
  async resume(
    @Param('id', ParseIdPipe) draftId: Id,
    @CurrentUser() user: AuthUser,
    // The clocks run again from when the request arrived, as a pause freezes them then (and it waits for the
    // commands received before it, not for itself).
    @ReceivedAt() at: string,
  ): Promise<ApiEnvelope<DraftData>> {
    const draft = await this.commandBus.execute(new ResumeDraftCommand(draftId, user, at));
    return ok('Draft resumed', { draft });
  }
}
