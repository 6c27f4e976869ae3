import { Command } from '@nestjs/cqrs';
import type { KeepersData } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/index.js';

/** POST /drafts/{id}/keepers (admin, before the start). */
/** The draft's keepers, and the one the command added (on a retry with the same key, the first run's). */
export interface AddKeeperResult {
  data: KeepersData;
  added: { playerName: string; cost: number };
}

export class AddKeeperCommand extends Command<AddKeeperResult> {
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
