import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
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
  @ZodOkResponse(
    draftAuctionDataSchema,
    200,
    'The open auction (null between auctions) with timeLeft by the server clock, the last completed one, the nomination clock',
  )
  @ErrorResponses([401, 'No or invalid token'], [404, 'Draft not found'])
  async get(@Param('draftId', ParseIdPipe) draftId: Id): Promise<ApiEnvelope<DraftAuctionData>> {
    const data = await this.queryBus.execute(new GetDraftAuctionQuery(draftId));
    return ok(data.auction ? 'Active auction retrieved' : 'No active auction', data);
  }
}
