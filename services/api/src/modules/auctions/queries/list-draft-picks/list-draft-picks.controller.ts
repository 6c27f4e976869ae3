import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { QueryBus } from '@nestjs/cqrs';
import { picksDataSchema, type Id, type PicksData } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { ListDraftPicksQuery } from './list-draft-picks.query.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class ListDraftPicksController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':id/picks')
  @ApiOperation({ summary: "A draft's picks, by pick number" })
  @ZodOkResponse(picksDataSchema, 200, "The draft's picks in pick order")
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [404, 'Draft not found'],
  )
  async list(@Param('id', ParseIdPipe) draftId: Id): Promise<ApiEnvelope<PicksData>> {
    const picks = await this.queryBus.execute(new ListDraftPicksQuery(draftId));
    return ok('Draft picks retrieved successfully', { picks });
  }
}
