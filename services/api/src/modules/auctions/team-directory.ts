import { Inject, Injectable } from '@nestjs/common';
import type { AuctionTeam } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';

/** How long a team's name and number are reused before a background re-read (names change rarely mid-draft). */
export const TEAM_REF_TTL_MS = 30_000;

type Queryable = Pick<Pool, 'query'>;

/**
 * Team names and numbers for live payloads and auction answers, cached so the bid path does not read the teams
 * table on every bid. A team never seen is read before answering; a known one is answered from the cache at once
 * and, once older than TEAM_REF_TTL_MS, re-read in the background (stale-while-revalidate), so a rename shows from
 * the first answer after that read. Why not await the re-read: the live publisher runs in the draft's turn before
 * `bidPlaced` goes out, and with 12 owners bidding in turn every team's entry had expired by its next bid, so
 * nearly every bid waited for a pool connection and a round trip (the tail at 200+ drafts, docs/benchmarks.md).
 */
@Injectable()
export class TeamDirectory {
  private readonly cache = new Map<string, { ref: AuctionTeam; until: number }>();
  /** Teams being re-read in the background: one read at a time per team. */
  private readonly refreshing = new Set<string>();

  constructor(@Inject(PG_POOL) private readonly pool: Queryable) {}

  async refs(teamIds: readonly string[], now = Date.now()): Promise<Map<string, AuctionTeam>> {
    const found = new Map<string, AuctionTeam>();
    const missing: string[] = [];
    const stale: string[] = [];
    for (const id of new Set(teamIds)) {
      const cached = this.cache.get(id);
      if (!cached) {
        missing.push(id);
        continue;
      }
      found.set(id, cached.ref);
      if (cached.until <= now && !this.refreshing.has(id)) stale.push(id);
    }
    if (stale.length > 0) this.refreshInBackground(stale, now);
    if (missing.length > 0) for (const [id, ref] of await this.read(missing, now)) found.set(id, ref);
    return found;
  }

  private refreshInBackground(ids: string[], now: number): void {
    for (const id of ids) this.refreshing.add(id);
    // A failed re-read keeps the cached refs; the next answer after it tries again.
    void this.read(ids, now)
      .catch(() => undefined)
      .finally(() => {
        for (const id of ids) this.refreshing.delete(id);
      });
  }

  /** Reads `ids` into the cache; a team no longer in the table leaves it (its label becomes teamRefOr's). */
  private async read(ids: string[], now: number): Promise<Map<string, AuctionTeam>> {
    const { rows } = await this.pool.query<{ id: string; name: string; team_number: number }>({
      name: 'teams.refs',
      text: `SELECT id, name, team_number FROM teams WHERE id = ANY($1::uuid[])`,
      values: [ids],
    });
    const read = new Map<string, AuctionTeam>();
    for (const row of rows) {
      const ref = { _id: row.id, name: row.name, teamNumber: row.team_number };
      this.cache.set(row.id, { ref, until: now + TEAM_REF_TTL_MS });
      read.set(row.id, ref);
    }
    for (const id of ids) if (!read.has(id)) this.cache.delete(id);
    return read;
  }
}

/** A team that vanished from the read model still needs a label. */
export function teamRefOr(refs: Map<string, AuctionTeam>, teamId: string): AuctionTeam {
  return refs.get(teamId) ?? { _id: teamId, name: 'Unknown team', teamNumber: 0 };
}
