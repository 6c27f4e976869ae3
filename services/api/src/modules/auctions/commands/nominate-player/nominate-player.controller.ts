import { Body, Controller, HttpCode, HttpStatus, Inject, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { auctionDataSchema, nominateRequestSchema, type AuctionData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
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
  @ZodBody(
    nominateRequestSchema,
    'The team on the clock (its owner, or an admin) puts a player up; opening bid $1 by default',
  )
  @ZodOkResponse(auctionDataSchema, 201, 'Player nominated')
  @ErrorResponses(
    [400, 'Invalid body, or no team of yours in this draft'],
    [401, 'No or invalid token'],
    [403, 'Not your team'],
    [404, 'Draft or player not found'],
    [
      409,
      'Not your turn, an auction is running, the player is drafted, the draft is not active, over max bid',
    ],
  )
  async nominate(
    @Body(new ZodValidationPipe(nominateRequestSchema)) body: z.output<typeof nominateRequestSchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<AuctionData>> {
    const auction = await this.commandBus.execute(
      new NominatePlayerCommand(body.draftId, body.playerId, body.teamId, body.openingBid ?? 1, user),
    );
    // The opening bid, not the current one: a retried nomination answers the first run, whatever was bid since.
    return ok(`${auction.playerName} nominated for $${auction.openingBid}`, { auction });
  }
}
