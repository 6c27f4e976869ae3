import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { QueryBus } from '@nestjs/cqrs';
import {
  nominationQueueDataSchema,
  nominationQueueQuerySchema,
  type Id,
  type NominationQueueData,
} from '@auction/contracts';
import type { z } from 'zod';
import { CurrentUser, type AuthUser } from '../../../../common/auth/index.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse, ZodQuery } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { GetNominationQueueQuery } from './get-nomination-queue.query.js';

@ApiTags('drafts')
@ApiBearerAuth()
@Controller('drafts')
export class GetNominationQueueController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** `?teamId=` names the team; without it, the user's own team in the draft. */
  @Get(':id/queue')
  @ApiOperation({
    summary: "A team's nomination queue (its owner or an admin)",
    description: 'teamId names the team; without it, your own team in the draft (admins must name one).',
  })
  @ZodQuery(nominationQueueQuerySchema)
  @ZodOkResponse(nominationQueueDataSchema, 200, "The team's nomination queue, first first")
  @ErrorResponses(
    [400, 'Invalid id / teamId is required: you do not own a team in this draft / Team is not in this draft'],
    [401, 'Authentication required / Invalid or expired token'],
    [403, "You can only see your own team's nomination queue"],
    [404, 'Draft not found'],
  )
  async get(
    @Param('id', ParseIdPipe) draftId: Id,
    @Query(new ZodValidationPipe(nominationQueueQuerySchema))
    query: z.output<typeof nominationQueueQuerySchema>,
    @CurrentUser() user: AuthUser,
  ): Promise<ApiEnvelope<NominationQueueData>> {
    const data = await this.queryBus.execute(new GetNominationQueueQuery(draftId, query.teamId, user));
    return ok('Nomination queue retrieved successfully', data);
  }
}
