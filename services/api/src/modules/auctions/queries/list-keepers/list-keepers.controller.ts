import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiTags } from '@nestjs/swagger';
import { keepersDataSchema, type Id, type KeepersData } from '@auction/contracts';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { PicksReadModel } from '../../picks.read-model.js';

/** Keepers are picks like any other (GET /drafts/{id}/picks lists them too); this lists only them. */
@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class ListKeepersController {
  constructor(@Inject(PicksReadModel) private readonly picks: PicksReadModel) {}

  @Get(':id/keepers')
  @ZodOkResponse(keepersDataSchema, 200, "The draft's keepers in pick order")
  @ErrorResponses([401, 'No or invalid token'])
  async list(@Param('id', ParseIdPipe) draftId: Id): Promise<ApiEnvelope<KeepersData>> {
    return ok('Keepers retrieved successfully', { keepers: await this.picks.keepersOf(draftId) });
  }
}
