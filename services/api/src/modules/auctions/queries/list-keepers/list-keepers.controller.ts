import { Controller, Get, Inject, Param } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { keepersDataSchema, type Id, type KeepersData } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { ListKeepersQuery } from './list-keepers.query.js';

/** Keepers are picks like any other (GET /drafts/{id}/picks lists them too); this lists only them. */
@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class ListKeepersController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get(':id/keepers')
  @ApiOperation({ summary: "A draft's keepers, in pick order" })
  @ZodOkResponse(keepersDataSchema, 200, "The draft's keepers in pick order")
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [404, 'Draft not found'],
  )
  async list(@Param('id', ParseIdPipe) draftId: Id): Promise<ApiEnvelope<KeepersData>> {
    return ok('Keepers retrieved successfully', await this.queryBus.execute(new ListKeepersQuery(draftId)));
  }
}
