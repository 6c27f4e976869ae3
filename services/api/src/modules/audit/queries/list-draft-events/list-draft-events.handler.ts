import { Inject } from '@nestjs/common';
import { QueryHandler, type IQueryHandler } from '@nestjs/cqrs';
import type { AuditEventsData } from '@auction/contracts';
import { AuditAccess } from '../../audit-access.js';
import { hideOthersMaxima, PRIVATE_EVENT_TYPES } from '../../private-maxima.js';
import { ListDraftEventsQuery } from './list-draft-events.query.js';

@QueryHandler(ListDraftEventsQuery)
export class ListDraftEventsHandler implements IQueryHandler<ListDraftEventsQuery> {
  constructor(@Inject(AuditAccess) private readonly access: AuditAccess) {}

  async execute({ user, draftId, after, limit }: ListDraftEventsQuery): Promise<AuditEventsData> {
    const audit = await this.access.assertMayAudit(user, draftId);
    const page = await audit.eventsPage(draftId, after, limit);
    if (user.role === 'admin') return page;
    const ownTeamIds = await this.access.ownedTeamIds(user.id);
    const hashesHiddenFrom = await audit.firstUnsaltedOf(draftId, PRIVATE_EVENT_TYPES, ownTeamIds);
    return hideOthersMaxima(page, ownTeamIds, hashesHiddenFrom);
  }
}
