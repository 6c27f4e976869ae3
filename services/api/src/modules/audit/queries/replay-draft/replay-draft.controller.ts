import { Controller, Get, Inject, Param, Query } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { QueryBus } from '@nestjs/cqrs';
import {
  replayAtAsSent,
  replayDataSchema,
  replayQuerySchema,
  type Id,
  type ReplayData,
} from '@auction/contracts';
import type { z } from 'zod';
import type { AuthUser } from '../../../../common/auth/auth-user.js';
import { CurrentUser } from '../../../../common/auth/auth.decorators.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse, ZodQuery } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe, ZodValidationPipe } from '../../../../common/validation/index.js';
import { ReplayDraftQuery } from './replay-draft.query.js';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('drafts')
export class ReplayDraftController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** ?at=N: the draft as it stood after its N-th event (a stream version, 1..lastVersion; default the last). */
  @Get(':id/replay')
  @ApiOperation({
    summary: 'A draft as it stood after one of its events (admins, or an owner of a team in the draft)',
  })
  @ZodQuery(replayQuerySchema)
  @ZodOkResponse(replayDataSchema, 200, 'The draft folded by the domain up to event `at` (a stream version)')
  @ErrorResponses(
    [
      400,
      'Invalid id / at must be a whole number of events (a stream version, 1 or more) / ' +
        'at {n} is beyond the log: the draft has {m} events (use 1 to {m})',
    ],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'You can only audit drafts your team plays in (admins can audit every draft)'],
    [404, 'Draft not found'],
    [
      409,
      "Event {n} is missing from this draft's log / Event {n} of this draft's log ({type}) cannot be read " +
        '(the log was changed outside the application: verify says where)',
    ],
  )
  async replay(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) draftId: Id,
    @Query(new ZodValidationPipe(replayQuerySchema)) query: z.output<typeof replayQuerySchema>,
    // The same parameter as sent (valid once the pipe let it through), so a refusal names the number the caller wrote.
    @Query('at') atParam: unknown,
  ): Promise<ApiEnvelope<ReplayData>> {
    const atAsSent = typeof atParam === 'string' ? replayAtAsSent(atParam) : undefined;
    const data = await this.queryBus.execute(new ReplayDraftQuery(user, draftId, query.at, atAsSent));
    return ok(`Draft replayed to event ${data.at} of ${data.lastVersion}`, data);
  }
}
