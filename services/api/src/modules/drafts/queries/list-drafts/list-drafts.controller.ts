import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { draftsDataSchema, type DraftsData } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ListDraftsQuery } from './list-drafts.query.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class ListDraftsController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get()
  @ApiOperation({ summary: 'All drafts that are not deleted, newest first' })
  @ZodOkResponse(draftsDataSchema)
  @ErrorResponses([401, 'Authentication required / Invalid or expired token'])
  async listDrafts(): Promise<ApiEnvelope<DraftsData>> {
    const drafts = await this.queryBus.execute(new ListDraftsQuery());
    return ok('Drafts retrieved successfully', { drafts });
  }
}
