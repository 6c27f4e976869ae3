import { Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { DraftData, Id } from '@auction/contracts';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { StartDraftCommand } from './start-draft.command.js';

@Controller('drafts')
export class StartDraftController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(':id/start')
  @HttpCode(HttpStatus.OK)
  @Roles('admin')
  async startDraft(
    @Param('id', ParseIdPipe) draftId: Id,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<DraftData>> {
    const draft = await this.commandBus.execute(new StartDraftCommand(draftId, user));
    return ok('Draft started successfully', { draft });
  }
}
