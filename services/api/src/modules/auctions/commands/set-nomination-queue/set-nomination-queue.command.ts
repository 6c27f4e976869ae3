import { Command } from '@nestjs/cqrs';
import type { NominationQueueData } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/index.js';

/** PUT /drafts/{id}/queue: the team's whole nomination queue, first first. */
export class SetNominationQueueCommand extends Command<NominationQueueData> {
  constructor(
    readonly draftId: string,
    readonly teamId: string,
    readonly playerIds: string[],
    readonly user: AuthUser,
    readonly at = new Date().toISOString(),
  ) {
    super();
  }
}
