import { Body, Controller, Inject, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { pickDataSchema, updatePickRequestSchema, type Id, type PickData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, Roles, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { UpdatePickCommand } from './update-pick.command.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class UpdatePickController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Put(':id/picks/:pickId')
  @Roles('admin')
  @ApiOperation({
    summary: 'Edit a pick (admin correction)',
    description:
      'Player, name, position, NFL team, team and cost. The new team must have room and the money (judged ' +
      'without the pick itself); a new player must be free in this draft.',
  })
  @ZodBody(
    updatePickRequestSchema,
    "Admin correction; pickNumber, when sent, must still be the pick's number",
  )
  @ZodOkResponse(pickDataSchema, 200, 'The pick after the change; everyone in the room gets pickUpdated')
  @ErrorResponses(
    [
      400,
      'Invalid id / Player name is required / Position must be QB, RB, WR, TE, K or DEF / NFL team is required / ' +
        'Cost must be at least $1 / Team is not in this draft',
    ],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'Access denied. Admin role required.'],
    [404, 'Draft not found / Pick not found / Player not found'],
    [
      409,
      'The draft has not started / This pick is now pick #{n}; reload and try again / ' +
        'Player has already been drafted / ' +
        'Player is up for auction / Team roster is full / Insufficient budget ($N remaining) / ' +
        'The team could no longer pay its high bid in the running auction / ' +
        '{team} now plays in draft "{draft}", so this draft cannot reopen / ' +
        'A team of this draft has been deleted, so this draft cannot reopen',
    ],
  )
  async update(
    @Param('id', ParseIdPipe) draftId: Id,
    @Param('pickId', ParseIdPipe) pickId: Id,
    @Body(new ZodValidationPipe(updatePickRequestSchema)) body: z.output<typeof updatePickRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<PickData>> {
    const pick = await this.commandBus.execute(new UpdatePickCommand(draftId, pickId, body, user));
    return ok('Pick updated successfully', { pick });
  }
}
