import { Inject, Injectable } from '@nestjs/common';
import type { DraftActor } from '@auction/domain';
import type { Pool } from 'pg';
import type { AuthUser } from '../../common/auth/index.js';
import { PG_POOL } from '../../infrastructure/database/database.module.js';

/** Who is acting, as the draft rules see it: admins act for any team, users for the teams they own. */
@Injectable()
export class DraftActors {
  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async of(user: AuthUser): Promise<DraftActor> {
    if (user.role === 'admin') return { isAdmin: true, teamIds: [] };
    const { rows } = await this.pool.query<{ id: string }>({
      name: 'teams.owned-by',
      text: `SELECT id FROM teams WHERE owner_user_id = $1 AND deleted_at IS NULL`,
      values: [user.id],
    });
    return { isAdmin: false, teamIds: rows.map((row) => row.id) };
  }
}

/** The team a user acts for in a draft when they do not name one: the one they own among the draft's teams. */
export function ownTeamIn(actor: DraftActor, draftTeamIds: readonly string[]): string | undefined {
  return actor.teamIds.find((teamId) => draftTeamIds.includes(teamId));
}
