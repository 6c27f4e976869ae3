import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { QueryBus } from '@nestjs/cqrs';
import { proxyBidDataSchema, proxyBidQuerySchema, type Id, type ProxyBidData } from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { GetProxyBidQuery } from './get-proxy-bid.query.js';

@ApiTags('auctions')
@ApiBearerAuth()
@Controller('auctions')
export class GetProxyBidController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** `?teamId=` names the team; without it, the user's own team in the draft. */
  @Get(':id/proxy')
  @ZodOkResponse(proxyBidDataSchema, 200, "The team's maximum for the auction (null when none)")
  @ErrorResponses(
    [400, 'Invalid team id, or an admin without teamId'],
    [401, 'No or invalid token'],
    [403, "Another team's maximum"],
    [404, 'Auction not found'],
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
