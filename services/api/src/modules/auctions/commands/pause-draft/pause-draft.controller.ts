import { Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { draftDataSchema, type DraftData, type Id } from '@auction/contracts';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
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
  @ZodOkResponse(draftDataSchema, 200, 'Paused: the auction and nomination clocks keep their time left')
  @ErrorResponses(
    [401, 'No or invalid token'],
    [403, 'Admins only'],
    [404, 'Draft not found'],
    [409, 'Not active'],
  )
  async pause(
    @Param('id', ParseIdPipe) draftId: Id,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<DraftData>> {
    const draft = await this.commandBus.execute(new PauseDraftCommand(draftId, user));
    return ok('Draft paused', { draft });
  }
}
