import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { draftDataSchema, type DraftData, type Id } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { GetDraftQuery } from './get-draft.query.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class GetDraftController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':id')
  @ApiOperation({
    summary: 'One draft with its teams, settings and the team on the clock',
    description:
      '`version` is the draft stream version the answer reflects: live events newer than it are not in it.',
  })
  @ZodOkResponse(draftDataSchema)
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [404, 'Draft not found'],
  )
  async getDraft(@Param('id', ParseIdPipe) draftId: Id): Promise<ApiEnvelope<DraftData>> {
    const draft = await this.queryBus.execute(new GetDraftQuery(draftId));
    return ok('Draft retrieved successfully', { draft });
  }
}
