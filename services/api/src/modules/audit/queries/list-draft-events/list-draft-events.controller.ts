import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { QueryBus } from '@nestjs/cqrs';
import {
  AUDIT_EVENTS_LIMIT_MAX,
  auditEventsDataSchema,
  auditEventsQuerySchema,
  type AuditEventsData,
  type Id,
} from '@auction/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../../../../common/auth/auth-user.js';
import { CurrentUser } from '../../../../common/auth/auth.decorators.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse, ZodQuery } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { ListDraftEventsQuery } from './list-draft-events.query.js';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('drafts')
export class ListDraftEventsController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** ?after=<globalPosition of the previous page's last event> &limit=1..500 (default 100): oldest first. */
  @Get(':id/events')
  @ApiOperation({
    summary: "A page of a draft's event log, oldest first (admins, or an owner of a team in the draft)",
    description: "Page on with after: the globalPosition of the previous page's last event.",
  })
  @ZodQuery(auditEventsQuerySchema)
  @ZodOkResponse(
    auditEventsDataSchema,
    200,
    `A page of the draft's event log, oldest first (limit 1..${AUDIT_EVENTS_LIMIT_MAX})`,
  )
  @ErrorResponses(
    [
      400,
      'Invalid id / after must be a global position (a whole number ≥ 0) / ' +
        'limit must be a whole number between 1 and 500',
    ],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'You can only audit drafts your team plays in (admins can audit every draft)'],
    [404, 'Draft not found'],
  )
  async list(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) draftId: Id,
    @Query(new ZodValidationPipe(auditEventsQuerySchema)) query: z.output<typeof auditEventsQuerySchema>,
  ): Promise<ApiEnvelope<AuditEventsData>> {
    const data = await this.queryBus.execute(
      new ListDraftEventsQuery(user, draftId, query.after, query.limit),
    );
    return ok('Draft events retrieved successfully', data);
  }
}
