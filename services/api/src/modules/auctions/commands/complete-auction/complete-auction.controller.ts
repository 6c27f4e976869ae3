import { Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { completeAuctionDataSchema, type CompleteAuctionData, type Id } from '@auction/contracts';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ReceivedAt } from '../../../../common/http/received-at.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { CompleteAuctionCommand } from './complete-auction.command.js';

@ApiTags('auctions')
@ApiBearerAuth()
@Controller('auctions')
export class CompleteAuctionController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  /** Any logged-in user may ask (the room's countdown reached zero): the server's clock decides. */
  @Post(':id/complete')
  @HttpCode(HttpStatus.OK)
  @ApiOperation({
    summary: 'Complete an auction once its deadline has passed',
    description:
      "Any signed-in user may ask (the room's countdown reached zero); the server's clock decides. The high " +
      'bidder buys the player at the current bid. Asking again afterwards changes nothing; `auction` is null ' +
      'once a later auction has completed too.',
  })
  @ZodOkResponse(completeAuctionDataSchema, 200, 'Completed (or already completed: idempotent)')
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [404, 'Auction not found'],
    [409, 'The auction is still running / The draft is paused'],
  )
  async complete(
    @Param('id', ParseIdPipe) auctionId: Id,
    @CurrentUser() user: AuthUser,
    // It waits for the commands received before it (a bid still in its token check), not for itself.
    @ReceivedAt() at: string,
  ): Promise<ApiEnvelope<CompleteAuctionData>> {
    const auction = await this.commandBus.execute(new CompleteAuctionCommand(null, auctionId, user, at));
    return ok('Auction completed', { auction });
  }
}
