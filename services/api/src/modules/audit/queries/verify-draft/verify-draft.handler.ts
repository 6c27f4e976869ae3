import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { VerifyData } from '@auction/contracts';
import { AuditAccess } from '../../audit-access.js';
import { VerifyDraftQuery } from './verify-draft.query.js';

@QueryHandler(VerifyDraftQuery)
export class VerifyDraftHandler implements IQueryHandler<VerifyDraftQuery> {
  constructor(@Inject(AuditAccess) private readonly access: AuditAccess) {}

  async execute({ user, draftId }: VerifyDraftQuery): Promise<VerifyData> {
    const audit = await this.access.assertMayAudit(user, draftId);
    return audit.verify(draftId);
  }
}
