import { Controller, HttpCode, HttpStatus, Inject, Param, Post } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { completeAuctionDataSchema, type CompleteAuctionData, type Id } from '@auction/contracts';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
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
  @ZodOkResponse(completeAuctionDataSchema, 200, 'Completed (or already completed: idempotent)')
  @ErrorResponses(
    [401, 'No or invalid token'],
    [404, 'Auction not found'],
    [409, 'The auction is still running, or the draft is paused'],
  )
  async complete(
    @Param('id', ParseIdPipe) auctionId: Id,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<CompleteAuctionData>> {
    const auction = await this.commandBus.execute(new CompleteAuctionCommand(null, auctionId, user));
    return ok('Auction completed', { auction });
  }
}
