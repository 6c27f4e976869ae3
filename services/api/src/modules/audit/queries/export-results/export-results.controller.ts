import { Controller, Get, Header, Inject, Param, Res } from '@nestjs/common';
import { ApiBearerAuth, ApiOperation, ApiProduces, ApiResponse, ApiTags } from '@nestjs/swagger';
import { QueryBus } from '@nestjs/cqrs';
import { RESULTS_CSV_HEADER, type Id } from '@auction/contracts';
import type { Response } from 'express';
import type { AuthUser } from '../../../../common/auth/auth-user.js';
import { CurrentUser } from '../../../../common/auth/auth.decorators.js';
import { ErrorResponses } from '../../../../common/openapi/zod-openapi.js';
import { ParseIdPipe } from '../../../../common/validation/index.js';
import { toResultsCsv } from '../../draft-results.js';
import { ExportResultsQuery } from './export-results.query.js';

@ApiTags('audit')
@ApiBearerAuth()
@Controller('drafts')
export class ExportResultsController {
  constructor(@Inject(QueryBus) private readonly queryBus: QueryBus) {}

  /** The one route that is not `{success, message, data}`: a file download (errors are still the envelope). */
  @Get(':id/results.csv')
  @Header('Cache-Control', 'no-store')
  @ApiOperation({
    summary: "Download a draft's results as CSV (admins, or an owner of a team in the draft)",
    description:
      'A file download, not the `{success, message, data}` envelope; refusals are still the envelope.',
  })
  @ApiProduces('text/csv')
  @ApiResponse({
    status: 200,
    description: `CSV attachment, one line per pick by pick number: ${RESULTS_CSV_HEADER.join(', ')}`,
    content: { 'text/csv': { schema: { type: 'string' } } },
  })
  @ErrorResponses(
    [400, 'Invalid id'],
    [401, 'Authentication required / Invalid or expired token'],
    [403, 'You can only audit drafts your team plays in (admins can audit every draft)'],
    [404, 'Draft not found'],
    [
      409,
      "Event {n} is missing from this draft's log / Event {n} of this draft's log ({type}) cannot be read " +
        '(the log was changed outside the application: verify says where)',
    ],
  )
  async export(
    @CurrentUser() user: AuthUser,
    @Param('id', ParseIdPipe) draftId: Id,
    @Res({ passthrough: true }) response: Response,
  ): Promise<string> {
    const { draftName, rows } = await this.queryBus.execute(new ExportResultsQuery(user, draftId));
    response.setHeader('Content-Type', 'text/csv; charset=utf-8');
    response.setHeader('Content-Disposition', `attachment; filename="${csvFileName(draftName, draftId)}"`);
    return toResultsCsv(rows);
  }
}

/** A header-safe file name: the draft's name reduced to [A-Za-z0-9-], or its id. */
function csvFileName(draftName: string, draftId: string): string {
  const slug = draftName
    .replace(/[^A-Za-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);
  return `${slug || draftId}-results.csv`;
}
