import { Controller, Delete, Inject, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { CommandBus } from '@nestjs/cqrs';
import { proxyBidDataSchema, proxyBidQuerySchema, type Id, type ProxyBidData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse, ZodQuery } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { RemoveProxyBidCommand } from './remove-proxy-bid.command.js';

@ApiTags('auctions')
@ApiBearerAuth()
@Controller('auctions')
export class RemoveProxyBidController {
  constructor(@Inject(CommandBus) private readonly commandBus: CommandBus) {}

  /** `?teamId=` names the team; without it, the user's own team in the draft. */
  @Delete(':id/proxy')
  @ApiOperation({
    summary: "Remove a team's maximum bid for the open auction",
    description:
      'teamId names the team; without it, your own team in the draft (admins must name one). Allowed while ' +
      'paused.',
  })
  @ZodQuery(proxyBidQuerySchema)
  @ZodOkResponse(
    proxyBidDataSchema,
    200,
    'Maximum bid removed (bids it placed stand), or "No maximum bid was set" when the team had none: removing is idempotent',
  )
  @ErrorResponses(
    [400, 'Invalid id / teamId is required: you do not own a team in this draft / Team is not in this draft'],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'You can only bid for your own team'],
    [404, 'Auction not found'],
    [409, 'No auction is running / The auction has ended'],
  )
  async remove(
    @Param('id', ParseIdPipe) auctionId: Id,
    @Query(new ZodValidationPipe(proxyBidQuerySchema)) query: z.output<typeof proxyBidQuerySchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<ProxyBidData>> {
    const at = new Date().toISOString();
    const { data, removed } = await this.commandBus.execute(
      new RemoveProxyBidCommand(auctionId, query.teamId, user, at),
    );
    return ok(removed ? 'Maximum bid removed' : 'No maximum bid was set', data);
  }
}
