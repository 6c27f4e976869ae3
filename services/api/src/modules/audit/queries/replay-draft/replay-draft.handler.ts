import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { ReplayData } from '@auction/contracts';
import { AuditAccess } from '../../audit-access.js';
import { ReplayDraftQuery } from './replay-draft.query.js';

@QueryHandler(ReplayDraftQuery)
export class ReplayDraftHandler implements IQueryHandler<ReplayDraftQuery> {
  constructor(@Inject(AuditAccess) private readonly access: AuditAccess) {}

  async execute({ user, draftId, at, atAsSent }: ReplayDraftQuery): Promise<ReplayData> {
    const audit = await this.access.assertMayAudit(user, draftId);
    return audit.replay(draftId, at, atAsSent);
  }
}
