import { Controller, Get, Inject } from '@nestjs/common';
import { QueryBus } from '@nestjs/cqrs';
import type { DraftsData } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ListDraftsQuery } from './list-drafts.query.js';

@Controller('drafts')
export class ListDraftsController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  @Get()
  async listDrafts(): Promise<ApiEnvelope<DraftsData>> {
    const drafts = await this.queryBus.execute(new ListDraftsQuery());
    return ok('Drafts retrieved successfully', { drafts });
  }
}
