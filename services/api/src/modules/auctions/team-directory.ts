import { Inject, Injectable } from '@nestjs/common';
import type { AuctionTeam } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';

/** How long a team's name and number are reused for live events before being read again. */
export const TEAM_REF_TTL_MS = 2_000;

/**
 * Team names and numbers for live payloads and auction answers. Cached for a moment so the bid path does not read
 * the teams table on every bid; a renamed team shows its new name within TEAM_REF_TTL_MS.
 */
@Injectable()
export class TeamDirectory {
  private readonly cache = new Map<string, { ref: AuctionTeam; until: number }>();

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  async refs(teamIds: readonly string[], now = Date.now()): Promise<Map<string, AuctionTeam>> {
    const found = new Map<string, AuctionTeam>();
    const missing: string[] = [];
    for (const id of new Set(teamIds)) {
      const cached = this.cache.get(id);
      if (cached && cached.until > now) found.set(id, cached.ref);
      else missing.push(id);
    }
    if (missing.length > 0) {
      const { rows } = await this.pool.query<{ id: string; name: string; team_number: number }>({
        name: 'teams.refs',
        text: `SELECT id, name, team_number FROM teams WHERE id = ANY($1::uuid[])`,
        values: [missing],
      });
      for (const row of rows) {
        const ref = { _id: row.id, name: row.name, teamNumber: row.team_number };
        this.cache.set(row.id, { ref, until: now + TEAM_REF_TTL_MS });
        found.set(row.id, ref);
      }
    }
    return found;
  }
}

/** A team that vanished from the read model still needs a label. */
export function teamRefOr(refs: Map<string, AuctionTeam>, teamId: string): AuctionTeam {
  return refs.get(teamId) ?? { _id: teamId, name: 'Unknown team', teamNumber: 0 };
}
