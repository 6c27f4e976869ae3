import { Query } from '@nestjs/cqrs';
import type { ReplayData } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/auth-user.js';

export class ReplayDraftQuery extends Query<ReplayData> {
  constructor(
    readonly user: AuthUser,
    readonly draftId: string,
    /** Stream version to stop after; undefined = the whole log. */
    readonly at: number | undefined,
    /** `at` as sent (replayAtAsSent), for the message when it is past the log. */
    readonly atAsSent?: string,
  ) {
    super();
  }
}
