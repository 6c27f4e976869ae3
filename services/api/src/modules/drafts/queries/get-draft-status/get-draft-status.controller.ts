import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { draftStatusDataSchema, type DraftStatusData, type Id } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { GetDraftStatusQuery } from './get-draft-status.query.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class GetDraftStatusController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':id/status')
  @ApiOperation({
    summary: "A draft's status, round, team on the clock and picks made",
    description: '`picksTarget` is teamsCount × playersPerTeam: the picks a full draft makes.',
  })
  @ZodOkResponse(draftStatusDataSchema)
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [404, 'Draft not found'],
  )
  async getDraftStatus(@Param('id', ParseIdPipe) draftId: Id): Promise<ApiEnvelope<DraftStatusData>> {
    const status = await this.queryBus.execute(new GetDraftStatusQuery(draftId));
    return ok('Draft status retrieved successfully', status);
  }
}
