import { Query } from '@nestjs/cqrs';
import type { NominationQueueData } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/index.js';

export class GetNominationQueueQuery extends Query<NominationQueueData> {
  constructor(
    readonly draftId: string,
    readonly teamId: string | undefined,
    readonly user: AuthUser,
  ) {
    super();
  }
}
