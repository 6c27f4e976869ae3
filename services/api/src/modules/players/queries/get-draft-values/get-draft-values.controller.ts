import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { draftValuesDataSchema, type DraftValuesData, type Id } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { GetDraftValuesQuery } from './get-draft-values.query.js';

@ApiTags('players')
@ApiBearerAuth()
@Controller('drafts')
export class GetDraftValuesController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':id/values')
  @ApiOperation({
    summary:
      "Auction values of the draft's available players, in its dollars, and the current inflation (ADR 0019)",
  })
  @ZodOkResponse(draftValuesDataSchema)
  @ErrorResponses([400, 'Invalid id'], [401, 'Authentication required'], [404, 'Draft not found'])
  async values(@Param('id', ParseIdPipe) draftId: Id): Promise<ApiEnvelope<DraftValuesData>> {
    const values = await this.queryBus.execute(new GetDraftValuesQuery(draftId));
    return ok('Auction values retrieved successfully', values);
  }
}
