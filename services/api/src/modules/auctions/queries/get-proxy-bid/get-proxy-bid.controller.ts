import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { QueryBus } from '@nestjs/cqrs';
import { proxyBidDataSchema, proxyBidQuerySchema, type Id, type ProxyBidData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse, ZodQuery } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { GetProxyBidQuery } from './get-proxy-bid.query.js';

@ApiTags('auctions')
@ApiBearerAuth()
@Controller('auctions')
export class GetProxyBidController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** `?teamId=` names the team; without it, the user's own team in the draft. */
  @Get(':id/proxy')
  @ApiOperation({
    summary: "A team's maximum bid for an auction (its owner or an admin)",
    description: 'teamId names the team; without it, your own team in the draft (admins must name one).',
  })
  @ZodQuery(proxyBidQuerySchema)
  @ZodOkResponse(proxyBidDataSchema, 200, "The team's maximum for the auction (null when none)")
  @ErrorResponses(
    [400, 'Invalid id / teamId is required: you do not own a team in this draft / Team is not in this draft'],
    [401, 'Authentication required / Invalid or expired token'],
    [403, "You can only see your own team's maximum bid"],
    [404, 'Auction not found / Draft not found'],
  )
  async get(
    @Param('id', ParseIdPipe) auctionId: Id,
    @Query(new ZodValidationPipe(proxyBidQuerySchema)) query: z.output<typeof proxyBidQuerySchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<ProxyBidData>> {
    const data = await this.queryBus.execute(new GetProxyBidQuery(auctionId, query.teamId, user));
    return ok(data.maxBid === null ? 'No maximum bid' : `Maximum bid: $${data.maxBid}`, data);
  }
}
