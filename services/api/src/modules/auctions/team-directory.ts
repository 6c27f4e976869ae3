import { Inject, Injectable } from '@nestjs/common';
import type { AuctionTeam } from '@auction/contracts';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import {
  entryTimes,
  isFresh,
  TeamChanges,
  type CacheEntryTimes,
  type TeamChange,
  type TeamChangeFeed,
  type TeamChangeListener,
} from '../teams/index.js';

type Queryable = Pick<Pool, 'query'>;

/** A team's label, or undefined for a team the read found no row for (not kept: asked again next time). */
type Entry = CacheEntryTimes & { ref: Promise<AuctionTeam | undefined> };

/**
 * Team names and numbers for live payloads and auction answers, cached so the bid path does not read the teams
 * table: the live publisher runs in the draft's turn before `bidPlaced` goes out, so a read there delays the bid's
 * delivery and queues in the pool with the appends (docs/benchmarks.md). Entries are kept for minutes and dropped
 * when a team is renamed, renumbered or deleted on any instance (TeamChanges, ADR 0021). Teams asked for together
 * and not cached are read in one query. An entry is registered before its query is sent and a change drops it by
 * identity, so a read that started before a rename never caches the old name after it.
 */
@Injectable()
export class TeamDirectory implements TeamChangeListener {
  private readonly cache = new Map<string, Entry>();

  constructor(
    @Inject(PG_POOL) private readonly pool: Queryable,
    @Inject(TeamChanges) private readonly changes: TeamChangeFeed,
  ) {
    changes.listen(this);
  }

  async refs(teamIds: readonly string[], now = Date.now()): Promise<Map<string, AuctionTeam>> {
    const ids = [...new Set(teamIds)];
    const listening = this.changes.listening;
    const missing = ids.filter((id) => {
      const cached = this.cache.get(id);
      return !cached || !isFresh(cached, now, listening);
    });
    if (missing.length > 0) this.read(missing, now);
    // Taken before awaiting: a change meanwhile drops the entries, not this answer's view of them.
    const pending = ids.map((id) => this.cache.get(id)!.ref);
    const found = new Map<string, AuctionTeam>();
    for (const ref of await Promise.all(pending)) if (ref) found.set(ref._id, ref);
    return found;
  }

  forget({ teamIds }: TeamChange): void {
    for (const teamId of teamIds) this.cache.delete(teamId);
  }

  forgetAll(): void {
    this.cache.clear();
  }

  /** Registers an entry per id, all answered by one query; a team without a row (or a failed read) is not kept. */
  private read(ids: string[], now: number): void {
    const rows = this.pool
      .query<{ id: string; name: string; team_number: number }>({
        name: 'teams.refs',
        text: `SELECT id, name, team_number FROM teams WHERE id = ANY($1::uuid[])`,
        values: [ids],
      })
      .then(
        (result) =>
          new Map(
            result.rows.map((row) => [row.id, { _id: row.id, name: row.name, teamNumber: row.team_number }]),
          ),
      );
    for (const id of ids) {
      const entry: Entry = { ref: rows.then((found) => found.get(id)), ...entryTimes(now) };
      this.cache.set(id, entry);
      const dropUnlessReplaced = () => {
        if (this.cache.get(id) === entry) this.cache.delete(id);
      };
      entry.ref.then((ref) => ref ?? dropUnlessReplaced(), dropUnlessReplaced);
    }
  }
}

/** A team that vanished from the read model still needs a label. */
export function teamRefOr(refs: Map<string, AuctionTeam>, teamId: string): AuctionTeam {
  return refs.get(teamId) ?? { _id: teamId, name: 'Unknown team', teamNumber: 0 };
}
