import { Body, Controller, Inject, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import {
  nominationQueueDataSchema,
  nominationQueueRequestSchema,
  type Id,
  type NominationQueueData,
} from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { SetNominationQueueCommand } from './set-nomination-queue.command.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class SetNominationQueueController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Put(':id/queue')
  @ApiOperation({
    summary: "Replace a team's nomination queue (its owner or an admin; ADR 0018)",
    description: 'Private to the team: no socket event carries it. An empty list clears it.',
  })
  @ZodBody(
    nominationQueueRequestSchema,
    "Replaces your team's nomination queue (admins: any team's): when its nomination clock runs out, its first " +
      'queued player still available in this draft is nominated at $1',
  )
  @ZodOkResponse(nominationQueueDataSchema, 200, 'The queue as stored')
  @ErrorResponses(
    [
      400,
      'Invalid id / Team is required / playerIds must be a list of player ids / ' +
        'A nomination queue holds at most 50 players / A player can be queued only once / Team is not in this draft',
    ],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'You can only change the queue of your own team'],
    [404, 'Draft not found / Player not found'],
    [409, 'The draft is completed'],
  )
  async set(
    @Param('id', ParseIdPipe) draftId: Id,
    @Body(new ZodValidationPipe(nominationQueueRequestSchema))
    body: z.output<typeof nominationQueueRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<NominationQueueData>> {
    const data = await this.commandBus.execute(
      new SetNominationQueueCommand(draftId, body.teamId, body.playerIds, user),
    );
    return ok(`Nomination queue saved (${data.players.length} queued)`, data);
  }
}
