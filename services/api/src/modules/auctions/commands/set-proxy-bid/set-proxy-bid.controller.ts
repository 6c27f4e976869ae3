import { Body, Controller, Inject, Param, Put } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { proxyBidDataSchema, proxyBidRequestSchema, type Id, type ProxyBidData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import type { ArrivalTicket } from '../../../../common/http/arrivals-in-flight.js';
import { Arrival, ReceivedAt } from '../../../../common/http/received-at.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { SetProxyBidCommand } from './set-proxy-bid.command.js';

@ApiTags('auctions')
@ApiBearerAuth()
@Controller('auctions')
export class SetProxyBidController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Put(':id/proxy')
  @ApiOperation({ summary: "Set or change a team's private maximum bid for the open auction (ADR 0017)" })
  @ZodBody(
    proxyBidRequestSchema,
    'A private maximum for a team you own (admins: any team): the server bids for it, up to it, when a rival ' +
      "bids. Above the current bid (the high bidder's may equal it), at most the team's max bid",
  )
  @ZodOkResponse(proxyBidDataSchema, 200, 'Maximum set; the auction after any bid it placed at once')
  @ErrorResponses(
    [
      400,
      'Invalid id / Team is required / Maximum bid must be a whole number of dollars / ' +
        'Maximum bid must be at least $1 / Team is not in this draft',
    ],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'You can only bid for your own team'],
    [404, 'Auction not found'],
    [
      409,
      'The draft is paused / No auction is running / The auction has ended / Bid must be at least $N / ' +
        'Maximum bid must be at least your current bid of $N / Team roster is full / Insufficient budget / ' +
        'Bid exceeds your max bid of $N',
    ],
  )
  async set(
    @Param('id', ParseIdPipe) auctionId: Id,
    @Body(new ZodValidationPipe(proxyBidRequestSchema)) body: z.output<typeof proxyBidRequestSchema>,
    @CurrentUser() user: AuthUser,
    // When the request arrived, not when its token had been checked: the time the bid counts from.
    @ReceivedAt() at: string,
    @Arrival() arrival: ArrivalTicket | undefined,
  ): Promise<ApiEnvelope<ProxyBidData>> {
    const { data, maxBid } = await this.commandBus.execute(
      new SetProxyBidCommand(auctionId, body.teamId, body.maxBid, user, at, arrival),
    );
    return ok(`Maximum bid set: $${maxBid}`, data);
  }
}
