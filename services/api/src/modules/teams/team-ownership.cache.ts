import { Inject, Injectable } from '@nestjs/common';
import type { Pool } from 'pg';
import { PG_POOL } from '../../infrastructure/database/database.module.js';

/** How long another instance's change of owner may take to be seen here. */
export const OWNERSHIP_TTL_MS = 1_000;

type Entry = { teamIds: Promise<string[]>; expiresAt: number };

/**
 * The teams each user owns, read on every bid and nomination. Cached for a second, with concurrent lookups of one
 * user sharing a query, because a bidding war asks for the same few users many times a second and the query (under
 * pool contention) cost more than deciding the bid. This process's own owner changes clear it at once
 * (`forgetAll`); another instance's are seen within OWNERSHIP_TTL_MS.
 */
@Injectable()
export class TeamOwnershipCache {
  private readonly entries = new Map<string, Entry>();

  constructor(@Inject(PG_POOL) private readonly pool: Pool) {}

  ownedTeamIds(userId: string, now = Date.now()): Promise<string[]> {
    const cached = this.entries.get(userId);
    if (cached && cached.expiresAt > now) return cached.teamIds;
    const teamIds = this.query(userId);
    const entry = { teamIds, expiresAt: now + OWNERSHIP_TTL_MS };
    this.entries.set(userId, entry);
    // A failed lookup is not cached.
    teamIds.catch(() => {
      if (this.entries.get(userId) === entry) this.entries.delete(userId);
    });
    this.dropExpired(now);
    return teamIds;
  }

  /** After an owner was assigned or a team deleted by this process. */
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
    for (const [userId, entry] of this.entries) if (entry.expiresAt <= now) this.entries.delete(userId);
  }
}
