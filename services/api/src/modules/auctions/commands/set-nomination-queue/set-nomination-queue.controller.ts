import { Body, Controller, Inject, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
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
  @ZodBody(
    nominationQueueRequestSchema,
    "Replaces your team's nomination queue (admins: any team's): when its nomination clock runs out, its first queued player still available in this draft is nominated at $1",
  )
  @ZodOkResponse(nominationQueueDataSchema, 200, 'The queue as stored')
  @ErrorResponses(
    [400, 'Invalid body, a player twice, too many players, or not a team of this draft'],
    [401, 'No or invalid token'],
    [403, 'Not your team'],
    [404, 'Draft or player not found'],
    [409, 'Draft completed'],
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
