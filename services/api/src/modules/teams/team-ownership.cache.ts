import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';

/**
 * How long a lookup is answered from memory without a second look. Long because the reads share the pool with the
 * appends: at 200 drafts a 1 s expiry was one more statement per bid, and the pool queue was the bid's latency.
 */
export const OWNERSHIP_TTL_MS = 10_000;
/**
 * Up to this age an entry is still answered at once while it is re-read in the background (refresh-ahead); older
 * ones are awaited. So another instance's change of owner is seen within this bound (by the second lookup after
 * OWNERSHIP_TTL_MS when the user acts often), and a user bidding every few seconds never waits for the query.
 */
export const OWNERSHIP_STALE_MS = 30_000;

type Entry = { teamIds: Promise<string[]>; readAt: number; refreshing: boolean };

/**
 * The teams each user owns, read on every bid and nomination. Cached, with concurrent lookups of one user sharing a
 * query, because a bidding war asks for the same few users many times a second and the query (under pool
 * contention) cost more than deciding the bid. Why refresh-ahead: with 12 owners bidding in turn every 500 ms each
 * owner bids every 6 s, so a plain 1 s expiry put a pool checkout and a round trip before nearly every bid (the tail
 * at 200+ drafts, docs/benchmarks.md). This process's own owner changes clear it at once (`forgetAll`); another
 * instance's are seen within OWNERSHIP_STALE_MS.
 */
@Injectable()
export class TeamOwnershipCache {
  private readonly entries = new Map<string, Entry>();

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  ownedTeamIds(userId: string, now = Date.now()): Promise<string[]> {
    const cached = this.entries.get(userId);
    const age = cached ? now - cached.readAt : Number.POSITIVE_INFINITY;
    if (cached && age < OWNERSHIP_TTL_MS) return cached.teamIds;
    if (cached && age < OWNERSHIP_STALE_MS) {
      if (!cached.refreshing) this.refreshInBackground(userId, cached, now);
      return cached.teamIds;
    }
    const entry: Entry = { teamIds: this.query(userId), readAt: now, refreshing: false };
    this.entries.set(userId, entry);
    // A failed lookup is not cached.
    entry.teamIds.catch(() => {
      if (this.entries.get(userId) === entry) this.entries.delete(userId);
    });
    this.dropExpired(now);
    return entry.teamIds;
  }

  /** After an owner was assigned or a team deleted by this process. */
  forgetAll(): void {
    this.entries.clear();
  }

  /** Replaces the entry once the re-read answers; a failed re-read keeps it until OWNERSHIP_STALE_MS. */
  private refreshInBackground(userId: string, cached: Entry, now: number): void {
    cached.refreshing = true;
    const teamIds = this.query(userId);
    teamIds.then(
      () => {
        // Not over a newer entry (forgetAll, or an awaited lookup after it) that was read meanwhile.
        if (this.entries.get(userId) === cached)
          this.entries.set(userId, { teamIds, readAt: now, refreshing: false });
      },
      () => {
        cached.refreshing = false;
      },
    );
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
    for (const [userId, entry] of this.entries)
      if (now - entry.readAt >= OWNERSHIP_STALE_MS) this.entries.delete(userId);
  }
}
