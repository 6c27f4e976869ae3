import { Body, Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { auctionDataSchema, bidRequestSchema, type AuctionData, type Id } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import type { ArrivalTicket } from '../../../../common/http/arrivals-in-flight.js';
import { Arrival, ReceivedAt } from '../../../../common/http/received-at.js';
import { ErrorResponses, ZodBody, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { PlaceBidCommand } from './place-bid.command.js';

@ApiTags('auctions')
@ApiBearerAuth()
@Controller('auctions')
export class PlaceBidController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  @Post(':id/bid')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Bid on the open auction for a team',
    description:
      'For a team you own (admins: any team of the draft). A bid counts when it arrives strictly before the ' +
      'deadline and leaves at least bidTimeReset seconds on the clock. A maximum bid may answer it at once: the ' +
      'message then reads `Bid placed: $N; outbid at once by a maximum bid: $M`.',
  })
  @ZodBody(
    bidRequestSchema,
    "A bid for a team you own (admins: any team); at least the current bid + $1, at most the team's max bid",
  )
  @ZodOkResponse(auctionDataSchema, 200, 'Bid accepted; everyone in the room gets bidPlaced')
  @ErrorResponses(
    [
      400,
      'Invalid id / Team is required / Bid amount must be a whole number of dollars / ' +
        'Bid amount must be at least $1 / Bid amount must not exceed $10000 / Team is not in this draft',
    ],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'You can only bid for your own team'],
    [404, 'Auction not found'],
    [
      409,
      'The draft is paused / No auction is running / The auction has ended / You are already the high bidder / ' +
        'Bid must be at least $N / Team roster is full / Insufficient budget / Bid exceeds your max bid of $N',
    ],
  )
  async bid(
    @Param('id', ParseIdPipe) auctionId: Id,
    @Body(new ZodValidationPipe(bidRequestSchema)) body: z.output<typeof bidRequestSchema>,
    @CurrentUser() user: AuthUser,
    // When the request arrived, not when its token had been checked: the time the bid counts from.
    @ReceivedAt() at: string,
    // Its place among the draft's commands: at one amount, the bid received first is decided first.
    @Arrival() arrival: ArrivalTicket | undefined,
  ): Promise<ApiEnvelope<AuctionData>> {
    const { auction, bid } = await this.commandBus.execute(
      new PlaceBidCommand({ auctionId }, body.bidAmount, body.teamId, user, at, arrival),
    );
    // A maximum bid may have answered in the same command: the bidder learns at once that it was outbid. A retry with
    // the same Idempotency-Key answers the first bid, whatever this request's amount.
    const message =
      bid.outbidAt === undefined
        ? `Bid placed: $${bid.amount}`
        : `Bid placed: $${bid.amount}; outbid at once by a maximum bid: $${bid.outbidAt}`;
    return ok(message, { auction });
  }
}
