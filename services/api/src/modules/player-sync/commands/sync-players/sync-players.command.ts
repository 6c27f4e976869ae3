import { Command } from '@nestjs/cqrs';
import type { PlayerSyncResult } from '@auction/contracts';
import type { AuthUser } from '../../../../common/auth/index.js';

export type SyncPlayersOutcome =
  | { status: 'completed'; result: PlayerSyncResult }
  | { status: 'running'; result: PlayerSyncResult }
  | { status: 'failed'; reason: string }
  /** The job queue (Redis) did not answer: nothing was queued. */
  | { status: 'unavailable' };

/** Start a provider sync and wait a little for it (POST /players/sync). */
export class SyncPlayersCommand extends Command<SyncPlayersOutcome> {
  constructor(readonly admin: AuthUser) {
    super();
  }
}
