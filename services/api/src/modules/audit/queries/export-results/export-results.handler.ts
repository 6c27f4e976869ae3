import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ResultsRow } from '@auction/contracts';
import { AuditAccess } from '../../audit-access.js';
import { auditDraftNotFound } from '../../audit.errors.js';
import { toResultsRows } from '../../draft-results.js';
import { ExportResultsQuery } from './export-results.query.js';

@QueryHandler(ExportResultsQuery)
export class ExportResultsHandler implements IQueryHandler<ExportResultsQuery> {
  constructor(@Inject(AuditAccess) private readonly access: AuditAccess) {}

  async execute({ user, draftId }: ExportResultsQuery): Promise<{ draftName: string; rows: ResultsRow[] }> {
    const audit = await this.access.assertMayAudit(user, draftId);
    const { fold, refs } = await audit.stateAt(draftId);
    // A deleted draft has no results (its teams got their budgets back); its log stays auditable (events, replay).
    if (fold.deleted) throw auditDraftNotFound();
    return { draftName: fold.name, rows: toResultsRows(fold, refs) };
  }
}
