import { Controller, Delete, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
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
  @ApiOperation({
    summary: 'Undo a pick (admin correction)',
    description:
      'The team gets the money and the slot back, the player is free, later picks move up one number. In a ' +
      'completed draft an undo that lets a team buy again reopens the draft, unless one of its teams now plays ' +
      'in another draft that is not completed (or was deleted).',
  })
  @ZodOkResponse(
    undoPickDataSchema,
    200,
    'Undone: the team is refunded, the player free; everyone gets pickUndone',
  )
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
    [404, 'Draft not found / Pick not found'],
    [
      409,
      'The draft has not started / The team could no longer pay its high bid in the running auction / ' +
        '{team} now plays in draft "{draft}", so this draft cannot reopen / ' +
        'A team of this draft has been deleted, so this draft cannot reopen',
    ],
  )
  async undo(
    @Param('id', ParseIdPipe) draftId: Id,
    @Param('pickId', ParseIdPipe) pickId: Id,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<UndoPickData>> {
    const { pickNumber } = await this.commandBus.execute(new UndoPickCommand(draftId, pickId, user));
    return ok(`Pick #${pickNumber} has been undone`, { pickNumber });
  }
}
