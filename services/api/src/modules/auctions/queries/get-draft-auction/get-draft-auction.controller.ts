import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { QueryBus } from '@nestjs/cqrs';
import { draftAuctionDataSchema, type DraftAuctionData, type Id } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { GetDraftAuctionQuery } from './get-draft-auction.query.js';

@ApiTags('auctions')
@ApiBearerAuth()
@Controller('auctions')
export class GetDraftAuctionController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get('draft/:draftId')
  @ApiOperation({
    summary: "A draft's room snapshot: the open auction, the last completed one and the nomination clock",
    description: 'The message is `Active auction retrieved`, or `No active auction` between auctions.',
  })
  @ZodOkResponse(
    draftAuctionDataSchema,
    200,
    'The open auction (null between auctions) with timeLeft by the server clock, the last completed one, the ' +
      'nomination clock',
  )
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [404, 'Draft not found'],
  )
  async get(@Param('draftId', ParseIdPipe) draftId: Id): Promise<ApiEnvelope<DraftAuctionData>> {
    const data = await this.queryBus.execute(new GetDraftAuctionQuery(draftId));
    return ok(data.auction ? 'Active auction retrieved' : 'No active auction', data);
  }
}
