import { Controller, Get, Inject, Param } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiTags } from '@nestjs/swagger';
import { QueryBus } from '@nestjs/cqrs';
import { verifyDataSchema, type Id, type VerifyData } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/auth-user.js';
import { CurrentUser } from '../../../../common/auth/auth.decorators.js';
import { ok, type ApiEnvelope } from '../../../../common/http/api-response.js';
import { ErrorResponses, ZodOkResponse } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { VerifyDraftQuery } from './verify-draft.query.js';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('drafts')
export class VerifyDraftController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** A broken chain is still a 200: the answer is the finding (ok false, the first bad event and why). */
  @Get(':id/verify')
  @ApiOperation({
    summary: "Check a draft's hash chain (admins, or an owner of a team in the draft)",
    description:
      'A broken chain is still a 200: the answer is the finding (ok false, the first bad event and why).',
  })
  @ZodOkResponse(
    verifyDataSchema,
    200,
    "The draft's hash chain recomputed: ok, or the first event where it breaks",
  )
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'You can only audit drafts your team plays in (admins can audit every draft)'],
    [404, 'Draft not found'],
  )
  async verify(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) draftId: Id,
  ): Promise<ApiEnvelope<VerifyData>> {
    const data = await this.queryBus.execute(new VerifyDraftQuery(user, draftId));
    return ok(
      data.ok
        ? 'The event log is intact'
        : `The event log is broken at event ${data.brokenAt?.streamVersion}`,
      data,
    );
  }
}
