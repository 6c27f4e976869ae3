import { Command } from '@nestjs/cqrs';
import type { KeepersData } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/index.js';

/** POST /drafts/{id}/keepers (admin, before the start). */
export class AddKeeperCommand extends Command<KeepersData> {
  constructor(
    readonly draftId: string,
    readonly teamId: string,
    readonly playerId: string,
    readonly cost: number,
    readonly actor: AuthUser,
    readonly at = new Date().toISOString(),
  ) {
    super();
  }
}
