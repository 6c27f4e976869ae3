import { Command } from '@nestjs/cqrs';
import type { KeepersData } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/index.js';

/** DELETE /drafts/{id}/keepers/{playerId} (admin, before the start). */
export class RemoveKeeperCommand extends Command<KeepersData> {
  constructor(
    readonly draftId: string,
    readonly playerId: string,
    readonly actor: AuthUser,
    readonly at = new Date().toISOString(),
  ) {
    super();
  }
}
