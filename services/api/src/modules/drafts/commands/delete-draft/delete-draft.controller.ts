import { Controller, Delete, Inject, Param } from '@nestjs/common';
import { CommandBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { deleteDraftDataSchema, type DeleteDraftData, type Id } from '@auction/contracts';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { DeleteDraftCommand } from './delete-draft.command.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class DeleteDraftController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Delete(':id')
  @Roles('admin')
  @ApiOperation({
    summary: 'Delete a draft, in any status (admin only)',
    description:
      "Deleting a started draft releases its players (undrafted again) and clears its teams' rosters and " +
      'budgets. A deleted draft answers `Draft not found` from then on.',
  })
  @ZodOkResponse(deleteDraftDataSchema, 200, 'Draft deleted successfully')
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
    [404, 'Draft not found'],
  )
  async deleteDraft(
    @Param('id', ParseIdPipe) draftId: Id,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<DeleteDraftData>> {
    await this.commandBus.execute(new DeleteDraftCommand(draftId, user));
    return ok('Draft deleted successfully', { draftId });
  }
}
