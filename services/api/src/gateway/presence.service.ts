import { Inject, Injectable } from '@nestjs/common';
import type { Redis } from 'ioredis';
import { namespacedKey } from '../infrastructure/redis/redis-namespace.js';
import { REDIS, REDIS_NAMESPACE } from '../infrastructure/redis/redis.tokens.js';
import type { AuthUser } from '../common/auth/auth-user.js';
import { LuaScript } from './lua-script.js';
import {
  ADD_SOCKET_SCRIPT,
  JOIN_ROOM_SCRIPT,
  LEAVE_ROOM_SCRIPT,
  PRUNE_SCRIPT,
  REFRESH_SOCKETS_SCRIPT,
  REMOVE_SOCKETS_SCRIPT,
  TAKE_COUNT_BROADCAST_SCRIPT,
} from './presence.scripts.js';

/** Run by SHA (EVALSHA), each hashed once per process. */
const SCRIPTS = {
  add: new LuaScript(ADD_SOCKET_SCRIPT),
  remove: new LuaScript(REMOVE_SOCKETS_SCRIPT),
  prune: new LuaScript(PRUNE_SCRIPT),
  refresh: new LuaScript(REFRESH_SOCKETS_SCRIPT),
  takeCount: new LuaScript(TAKE_COUNT_BROADCAST_SCRIPT),
  joinRoom: new LuaScript(JOIN_ROOM_SCRIPT),
  leaveRoom: new LuaScript(LEAVE_ROOM_SCRIPT),
};

/** How long a socket counts as present without a heartbeat from its instance (a crashed instance's sockets). */
export const PRESENCE_TTL_MS = 60_000;
export const PRESENCE_HEARTBEAT_MS = 20_000;
/** The connected count goes to everyone at most once a second… */
export const ACTIVE_COUNT_MIN_INTERVAL_MS = 1_000;
/** …and, with many sockets, at most about this many messages a second (the interval grows with the audience)… */
export const ACTIVE_COUNT_MESSAGES_PER_SECOND = 200;
/** …but a changed count waits no longer than this (while sockets keep connecting faster than the budget). */
export const ACTIVE_COUNT_MAX_INTERVAL_MS = 30_000;
/** Expired sockets dropped per prune call (a heartbeat prunes again 20 s later). */
const PRUNE_BATCH = 5_000;

export interface ActiveUser {
  username: string;
}

export interface RoomJoin {
  /** No other socket of the user was in the room: announce userJoined (once per user and room). */
  arriving: boolean;
  /** The room's distinct users, the joiner included, sorted by username. */
  users: ActiveUser[];
}

/**
 * Who is connected, across all instances, in Redis. One entry per authenticated socket, so a user with two tabs
 * stays present until the last one closes. Each entry carries an expiry that its instance pushes forward on a
 * heartbeat: if an instance dies without cleaning up, its sockets drop out after PRESENCE_TTL_MS.
 *   <ns>presence:sockets        sorted set  socketId → expires-at (ms)
 *   <ns>presence:socket-users   hash        socketId → {"id","username"}
 *   <ns>presence:user-sockets   hash        userId → live sockets of that user (its size is the active-user count)
 *   <ns>presence:room:<draftId> set         socket ids that joined the draft's room
 *   <ns>presence:count:*        the count last broadcast and when (ActiveUserCountBroadcaster)
 * Every change costs O(1) or O(room): nothing here reads the whole list of connected users (issue 10).
 */
@Injectable()
export class PresenceService {
  private readonly socketsKey: string;
  private readonly usersKey: string;
  private readonly userSocketsKey: string;
  private readonly lastCountKey: string;
  private readonly countSentAtKey: string;

  constructor(
    @Inject(REDIS) private readonly redis: Redis,
    @Inject(REDIS_NAMESPACE) private readonly namespace: string,
  ) {
    this.socketsKey = namespacedKey(namespace, 'presence', 'sockets');
    this.usersKey = namespacedKey(namespace, 'presence', 'socket-users');
    this.userSocketsKey = namespacedKey(namespace, 'presence', 'user-sockets');
    this.lastCountKey = namespacedKey(namespace, 'presence', 'count', 'last');
    this.countSentAtKey = namespacedKey(namespace, 'presence', 'count', 'sent-at');
  }

  /** Adds (or re-authenticates) a socket; answers the number of distinct active users afterwards. */
  async add(socketId: string, user: AuthUser, now = Date.now()): Promise<number> {
    const entry = JSON.stringify({ id: user.id, username: user.username });
    return (await SCRIPTS.add.run(this.redis, this.socketKeys(), [
      socketId,
      String(now + PRESENCE_TTL_MS),
      user.id,
      entry,
    ])) as number;
  }

  async remove(socketId: string): Promise<void> {
    await this.removeMany([socketId]);
  }

  async removeMany(socketIds: readonly string[]): Promise<void> {
    if (socketIds.length === 0) return;
    await SCRIPTS.remove.run(this.redis, this.socketKeys(), socketIds);
  }

  /**
   * Pushes the expiry of this instance's live sockets forward, never resurrecting a removed one; answers the ids
   * Redis no longer has (see restore).
   */
  async refresh(socketIds: readonly string[], now = Date.now()): Promise<string[]> {
    if (socketIds.length === 0) return [];
    return (await SCRIPTS.refresh.run(
      this.redis,
      [this.socketsKey],
      [String(now + PRESENCE_TTL_MS), ...socketIds],
    )) as string[];
  }

  /**
   * Puts back a connected socket that Redis lost (its data flushed or lost in a failover): the socket's entry, its
   * user's count and the rooms it had joined, as its authenticate and joins wrote them. Nobody is announced: the
   * room's users never saw it leave.
   */
  async restore(
    socketId: string,
    user: AuthUser,
    draftIds: Iterable<string>,
    now = Date.now(),
  ): Promise<void> {
    await this.add(socketId, user, now);
    const rooms = [...draftIds];
    if (rooms.length > 0) {
      await Promise.all(rooms.map((draftId) => this.redis.sadd(this.roomKey(draftId), socketId)));
    }
  }

  /** Drops expired entries; answers how many were dropped. */
  async prune(now = Date.now()): Promise<number> {
    return (await SCRIPTS.prune.run(this.redis, this.socketKeys(), [
      String(now),
      String(PRUNE_BATCH),
    ])) as number;
  }

  /** Distinct users with at least one live socket. */
  async activeUserCount(): Promise<number> {
    return this.redis.hlen(this.userSocketsKey);
  }

  /**
   * The count to broadcast to everyone now, or null: the deployment-wide decision (one atomic script) that a changed
   * count is sent once, by one instance, at most once per interval.
   */
  async takeCountBroadcast(): Promise<number | null> {
    const count = (await SCRIPTS.takeCount.run(
      this.redis,
      [...this.socketKeys(), this.lastCountKey, this.countSentAtKey],
      [
        String(ACTIVE_COUNT_MIN_INTERVAL_MS),
        String(ACTIVE_COUNT_MESSAGES_PER_SECOND),
        String(ACTIVE_COUNT_MAX_INTERVAL_MS),
      ],
    )) as number;
    return count < 0 ? null : count;
  }

  /** Puts the socket of `userId` in the draft's room (one atomic script, whichever instance joins). */
  async joinRoom(draftId: string, socketId: string, userId: string, now = Date.now()): Promise<RoomJoin> {
    const [arriving, ...entries] = (await SCRIPTS.joinRoom.run(
      this.redis,
      [...this.socketKeys(), this.roomKey(draftId)],
      [socketId, String(now), userId],
    )) as [number, ...string[]];
    return { arriving: arriving === 1, users: distinctUsernames(entries) };
  }

  /** Takes the socket out of the rooms; answers the drafts the user left with it (no other socket of theirs there). */
  async leaveRooms(
    draftIds: Iterable<string>,
    socketId: string,
    userId: string,
    now = Date.now(),
  ): Promise<string[]> {
    const drafts = [...draftIds];
    const gone = await Promise.all(
      drafts.map((draftId) =>
        SCRIPTS.leaveRoom.run(
          this.redis,
          [...this.socketKeys(), this.roomKey(draftId)],
          [socketId, String(now), userId],
        ),
      ),
    );
    return drafts.filter((_, i) => gone[i] === 1);
  }

  private socketKeys(): [string, string, string] {
    return [this.socketsKey, this.usersKey, this.userSocketsKey];
  }

  private roomKey(draftId: string): string {
    return namespacedKey(this.namespace, 'presence', 'room', draftId);
  }
}

/** One entry per user (a user may have several tabs in the room), sorted by username. */
function distinctUsernames(entries: readonly string[]): ActiveUser[] {
  const byId = new Map<string, string>();
  for (const entry of entries) {
    const { id, username } = JSON.parse(entry) as { id: string; username: string };
    byId.set(id, username);
  }
  return [...byId.values()]
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b))
    .map((username) => ({ username }));
}
