import { Query } from '@nestjs/cqrs';
import type { AuditEventsData } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/auth-user.js';

export class ListDraftEventsQuery extends Query<AuditEventsData> {
  constructor(
    readonly user: AuthUser,
    readonly draftId: string,
    readonly after: string | undefined,
    readonly limit: number,
  ) {
    super();
  }
}
