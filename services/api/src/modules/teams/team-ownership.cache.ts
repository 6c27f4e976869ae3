import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';
import {
  entryTimes,
  isFresh,
  type CacheEntryTimes,
  type TeamChange,
  type TeamChangeFeed,
  type TeamChangeListener,
} from './team-change.js';
import { TeamChanges } from './team-changes.js';

type Entry = CacheEntryTimes & { teamIds: Promise<string[]> };

/**
 * The teams each user owns, read on every bid and nomination. Cached, with concurrent lookups of one user sharing a
 * query, because a bidding war asks for the same few users many times a second, and on draft night (12 owners
 * bidding in turn every 500 ms, so each owner every 6 s) any short expiry put a read in front of nearly every
 * other bid, queued in the pool with the appends (docs/benchmarks.md). Entries are kept for minutes instead and
 * dropped when an owner changes on any instance (TeamChanges, ADR 0021).
 *
 * An entry is registered before its query is sent, and a change drops it by identity: a read that started before
 * the change answers those who asked before it, but never lands in the cache after it.
 */
@Injectable()
export class TeamOwnershipCache implements TeamChangeListener {
  private readonly entries = new Map<string, Entry>();

  constructor(
    @Inject(PG_POOL) private readonly pool: Pick<Pool, 'query'>,
    @Inject(TeamChanges) private readonly changes: TeamChangeFeed,
  ) {
    changes.listen(this);
  }

  ownedTeamIds(userId: string, now = Date.now()): Promise<string[]> {
    const cached = this.entries.get(userId);
    if (cached && isFresh(cached, now, this.changes.listening)) return cached.teamIds;
    const entry: Entry = { teamIds: this.query(userId), ...entryTimes(now) };
    this.entries.set(userId, entry);
    // A failed lookup is not cached.
    entry.teamIds.catch(() => {
      if (this.entries.get(userId) === entry) this.entries.delete(userId);
    });
    this.dropExpired(now);
    return entry.teamIds;
  }

  forget({ userIds }: TeamChange): void {
    for (const userId of userIds) this.entries.delete(userId);
  }

  forgetAll(): void {
    this.entries.clear();
  }

  private async query(userId: string): Promise<string[]> {
    const { rows } = await this.pool.query<{ id: string }>({
      name: 'teams.owned-by',
      text: `SELECT id FROM teams WHERE owner_user_id = $1 AND deleted_at IS NULL`,
      values: [userId],
    });
    return rows.map((row) => row.id);
  }

  private dropExpired(now: number): void {
    if (this.entries.size < 10_000) return;
    for (const [userId, entry] of this.entries) if (now >= entry.expiresAt) this.entries.delete(userId);
  }
}
