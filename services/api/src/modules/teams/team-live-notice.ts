import { Inject, Injectable, Logger, type OnModuleInit } from '@nestjs/common';
import { ServerEvents, type TeamUpdatedPayload } from '@auction/contracts';
import type { Pool } from 'pg';
import { RealtimePublisher } from '../../gateway/index.js';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import type { TeamChange } from './team-change.js';
import { TeamChanges } from './team-changes.js';

/**
 * Tells open pages that a team changed (`teamUpdated {_id, draftIds}`): the rooms of the drafts it is in, the users
 * whose ownership changed (the new and the previous owner) and the admins. Without it a page kept showing "(You)"
 * and a bid box for a team given to someone else until the user's next bid was refused, and the new owner saw their
 * team only after a reload. Never throws: the change is committed, and a page that misses the notice still reads
 * the truth on its next request.
 */
@Injectable()
export class TeamLiveNotice implements OnModuleInit {
  private readonly logger = new Logger('TeamLiveNotice');

  constructor(
    @Inject(TeamChanges) private readonly changes: TeamChanges,
    @Inject(PG_POOL) private readonly pool: Pick<Pool, 'query'>,
    @Inject(RealtimePublisher) private readonly realtime: RealtimePublisher,
  ) {}

  onModuleInit(): void {
    this.changes.afterAnnounce((change) => this.announce(change));
  }

  async announce(change: TeamChange): Promise<void> {
    try {
      const { rows } = await this.pool.query<{ draft_id: string }>(
        `SELECT DISTINCT dt.draft_id FROM draft_teams dt JOIN drafts d ON d.id = dt.draft_id
          WHERE dt.team_id = ANY($1::uuid[]) AND d.deleted_at IS NULL`,
        [change.teamIds],
      );
      const draftIds = rows.map((row) => row.draft_id);
      for (const teamId of change.teamIds) {
        const payload: TeamUpdatedPayload = { _id: teamId, draftIds };
        this.realtime.toDraftsUsersAndAdmins(draftIds, change.userIds, ServerEvents.teamUpdated, payload);
      }
    } catch (error) {
      this.logger.warn(`could not tell open pages about a team change: ${(error as Error).message}`);
    }
  }
}
