import { Controller, Delete, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { undoPickDataSchema, type Id, type UndoPickData } from '@auction/contracts';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { UndoPickCommand } from './undo-pick.command.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class UndoPickController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Delete(':id/picks/:pickId')
  @Roles('admin')
  @ZodOkResponse(
    undoPickDataSchema,
    200,
    'Undone: the team is refunded, the player free; everyone gets pickUndone',
  )
  @ErrorResponses([401, 'No or invalid token'], [403, 'Admins only'], [404, 'Draft or pick not found'])
  async undo(
    @Param('id', ParseIdPipe) draftId: Id,
    @Param('pickId', ParseIdPipe) pickId: Id,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<UndoPickData>> {
    const { pickNumber } = await this.commandBus.execute(new UndoPickCommand(draftId, pickId, user));
    return ok(`Pick #${pickNumber} has been undone`, { pickNumber });
  }
}
