import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { namespacedKey } from '../infrastructure/redis/redis-namespace.js';
import { REDIS, REDIS_NAMESPACE } from '../infrastructure/redis/redis.tokens.js';
import type { AuthUser } from '../common/auth/auth-user.js';

/** How long a socket counts as present without a heartbeat from its instance (a crashed instance's sockets). */
export const PRESENCE_TTL_MS = 60_000;
export const PRESENCE_HEARTBEAT_MS = 20_000;

export interface ActiveUser {
  username: string;
}

/**
 * Who is connected, across all instances, in Redis. One entry per authenticated socket, so a user with two tabs
 * stays present until the last one closes. Each entry carries an expiry that its instance pushes forward on a
 * heartbeat: if an instance dies without cleaning up, its sockets drop out after PRESENCE_TTL_MS.
 *   <ns>presence:sockets       sorted set  socketId → expires-at (ms)
 *   <ns>presence:socket-users  hash        socketId → {"id","username"}
 */
@Injectable()
export class PresenceService {
  private readonly socketsKey: string;
  private readonly usersKey: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_NAMESPACE) namespace: string,
  ) {
    this.socketsKey = namespacedKey(namespace, 'presence', 'sockets');
    this.usersKey = namespacedKey(namespace, 'presence', 'socket-users');
  }

  async add(socketId: string, user: AuthUser, now = Date.now()): Promise<void> {
    await this.redis
      .multi()
      .zadd(this.socketsKey, now + PRESENCE_TTL_MS, socketId)
      .hset(this.usersKey, socketId, JSON.stringify({ id: user.id, username: user.username }))
      .exec();
  }

  async remove(socketId: string): Promise<void> {
    await this.removeMany([socketId]);
  }

  async removeMany(socketIds: readonly string[]): Promise<void> {
    if (socketIds.length === 0) return;
    await this.redis
      .multi()
      .zrem(this.socketsKey, ...socketIds)
      .hdel(this.usersKey, ...socketIds)
      .exec();
  }

  /** Pushes the expiry of this instance's live sockets forward (XX: never resurrects a removed one). */
  async refresh(socketIds: readonly string[], now = Date.now()): Promise<void> {
    if (socketIds.length === 0) return;
    const args = socketIds.flatMap((id) => [now + PRESENCE_TTL_MS, id]);
    await this.redis.zadd(this.socketsKey, 'XX', ...args);
  }

  /** Drops expired entries; answers how many were dropped. */
  async prune(now = Date.now()): Promise<number> {
    const expired = await this.redis.zrangebyscore(this.socketsKey, '-inf', now);
    if (expired.length === 0) return 0;
    await this.redis
      .multi()
      .zrem(this.socketsKey, ...expired)
      .hdel(this.usersKey, ...expired)
      .exec();
    return expired.length;
  }

  /** Distinct users with at least one live socket, sorted by username. */
  async activeUsers(now = Date.now()): Promise<ActiveUser[]> {
    const live = await this.redis.zrangebyscore(this.socketsKey, now, '+inf');
    if (live.length === 0) return [];
    const entries = await this.redis.hmget(this.usersKey, ...live);
    const byId = new Map<string, string>();
    for (const entry of entries) {
      if (!entry) continue;
      const { id, username } = JSON.parse(entry) as { id: string; username: string };
      byId.set(id, username);
    }
    return [...byId.values()]
      .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b))
      .map((username) => ({ username }));
  }
}
