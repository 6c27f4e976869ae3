import { Controller, Delete, Inject, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import type { Id } from '@auction/contracts';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { DeleteDraftCommand } from './delete-draft.command.js';

@Controller('drafts')
export class DeleteDraftController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Delete(':id')
  @Roles('admin')
  async deleteDraft(
    @Param('id', ParseIdPipe) draftId: Id,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<{ draftId: Id }>> {
    await this.commandBus.execute(new DeleteDraftCommand(draftId, user));
    return ok('Draft deleted successfully', { draftId });
  }
}
