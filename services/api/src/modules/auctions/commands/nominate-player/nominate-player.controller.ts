import { Body, Controller, HttpCode, HttpStatus, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { auctionDataSchema, nominateRequestSchema, type AuctionData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ReceivedAt } from '../../../../common/http/received-at.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ZodValidationPipe } from '../../../../common/validation/index.js';
import { NominatePlayerCommand } from './nominate-player.command.js';

@ApiTags('auctions')
@ApiBearerAuth()
@Controller('auctions')
export class NominatePlayerController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post('nominate')
  @HttpCode(HttpStatus.CREATED)
  @ApiOperation({
    summary: 'Nominate a player: the team on the clock opens an auction',
    description:
      'Only while the draft is active and no auction is running. Without teamId an owner nominates for their own ' +
      "team and an admin for the team on the clock. The opening bid (default $1) is the auction's first bid, at " +
      "most the team's max bid.",
  })
  @ZodBody(
    nominateRequestSchema,
    'The team on the clock (its owner, or an admin) puts a player up; opening bid $1 by default',
  )
  @ZodOkResponse(auctionDataSchema, 201, 'Player nominated')
  @ErrorResponses(
    [
      400,
      'Draft is required / playerId is required / Invalid id / Opening bid must be at least $1 / ' +
        'teamId is required: you do not own a team in this draft / Team is not in this draft',
    ],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'You can only nominate for your own team'],
    [404, 'Player not found / Draft not found'],
    [
      409,
      'The draft has not started / The draft is paused / The draft is completed / ' +
        'An auction is already running / It is not your turn to nominate / Your nomination clock has run out / ' +
        'Player has already been drafted / ' +
        'Team roster is full / Insufficient budget / Bid exceeds your max bid of $N',
    ],
  )
  async nominate(
    @Body(new ZodValidationPipe(nominateRequestSchema)) body: z.output<typeof nominateRequestSchema>,
    @CurrentUser() user: AuthUser,
    // When the request arrived, not when its token had been checked: an owner's nomination counts before the deadline.
    @ReceivedAt() at: string,
  ): Promise<ApiEnvelope<AuctionData>> {
    const auction = await this.commandBus.execute(
      new NominatePlayerCommand(body.draftId, body.playerId, body.teamId, body.openingBid ?? 1, user, at),
    );
    // The opening bid, not the current one: a retried nomination answers the first run, whatever was bid since.
    return ok(`${auction.playerName} nominated for $${auction.openingBid}`, { auction });
  }
}
