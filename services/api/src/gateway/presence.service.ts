import { Inject, Injectable, Logger, type OnApplicationShutdown, type Provider } from '@nestjs/common';
import { ROOM_SOCKETS_PER_USER_MAX } from '@auction/contracts';
import type { Redis } from 'ioredis';
import { CONFIG, type AppConfig } from '../config/config.js';
import { closeRedisClient, createRedisClient } from '../infrastructure/redis/redis.module.js';
import { namespacedKey } from '../infrastructure/redis/redis-namespace.js';
import { RedisOutageLog } from '../infrastructure/redis/redis-outage-log.js';
import { REDIS_NAMESPACE } from '../infrastructure/redis/redis.tokens.js';
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

/** Presence's own Redis client: fail-fast (see PRESENCE_REDIS_PROVIDER). */
export const PRESENCE_REDIS = Symbol('PRESENCE_REDIS');

/**
 * A socket's sign-in and room join wait on presence, so presence must not wait out a Redis outage: its client
 * refuses commands at once while disconnected and gives up on one Redis leaves unanswered (FAIL_FAST_COMMAND_TIMEOUT_MS).
 * The gateways then go on without it (docs/product.md §7.8) and the heartbeat puts the sockets back once Redis answers.
 */
export const PRESENCE_REDIS_PROVIDER: Provider = {
  provide: PRESENCE_REDIS,
  useFactory: (config: AppConfig) => createRedisClient(config.redisUrl, 'presence', { failFast: true }),
  inject: [CONFIG],
};

/** Presence could not be read or written (Redis down or not answering); the outage is logged once by PresenceService. */
export class PresenceUnavailableError extends Error {
  constructor(cause: unknown) {
    super(`presence unavailable: ${cause instanceof Error ? cause.message : String(cause)}`, { cause });
    this.name = 'PresenceUnavailableError';
  }
}

/** A `.catch` that answers `fallback` when presence is unavailable and rethrows anything else. */
export function unlessPresenceUnavailable<T>(fallback: T): (error: unknown) => T {
  return (error) => {
    if (error instanceof PresenceUnavailableError) return fallback;
    throw error;
  };
}

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

/** A room whose users lost one with a prune: nobody else of the user's sockets is left in it. */
export interface RoomLeft {
  draftId: string;
  user: { id: string; username: string };
}

export interface PruneResult {
  dropped: number;
  roomsLeft: RoomLeft[];
}

export interface RoomJoin {
  /** The user already has ROOM_SOCKETS_PER_USER_MAX sockets in the room: this one was not added. */
  refused?: true;
  /** No other socket of the user was in the room: announce userJoined (once per user and room). */
  arriving: boolean;
  /** The id of the same user's socket whose place this one took (its connection is to be closed wherever it is). */
  replaced?: string;
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
 *   <ns>presence:socket-rooms   hash        socketId → the draft ids of the rooms it joined, comma separated (so a
 *                                           prune can tell a dead instance's rooms that its users left)
 *   <ns>presence:count:*        the count last broadcast and when (ActiveUserCountBroadcaster)
 * Every change costs O(1) or O(room): nothing here reads the whole list of connected users (issue 10).
 */
@Injectable()
export class PresenceService implements OnApplicationShutdown {
  private readonly socketsKey: string;
  private readonly usersKey: string;
  private readonly userSocketsKey: string;
  private readonly socketRoomsKey: string;
  private readonly lastCountKey: string;
  private readonly countSentAtKey: string;
  private readonly outage = new RedisOutageLog(
    new Logger('Presence'),
    'socket sign-ins and room joins go on with counts and room lists of this instance alone',
    'presence is shared again',
  );

  constructor(
    @Inject(PRESENCE_REDIS) private readonly redis: Redis,
    @Inject(REDIS_NAMESPACE) private readonly namespace: string,
  ) {
    this.socketsKey = namespacedKey(namespace, 'presence', 'sockets');
    this.usersKey = namespacedKey(namespace, 'presence', 'socket-users');
    this.userSocketsKey = namespacedKey(namespace, 'presence', 'user-sockets');
    this.socketRoomsKey = namespacedKey(namespace, 'presence', 'socket-rooms');
    this.lastCountKey = namespacedKey(namespace, 'presence', 'count', 'last');
    this.countSentAtKey = namespacedKey(namespace, 'presence', 'count', 'sent-at');
  }

  /** After the gateways' shutdown hooks, which take this instance's sockets out of presence. */
  async onApplicationShutdown(): Promise<void> {
    await closeRedisClient(this.redis);
  }

  /** Adds (or re-authenticates) a socket; answers the number of distinct active users afterwards. */
  async add(socketId: string, user: AuthUser, now = Date.now()): Promise<number> {
    const entry = JSON.stringify({ id: user.id, username: user.username });
    return (await this.run(SCRIPTS.add, this.socketKeys(), [
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
    await this.run(SCRIPTS.remove, [...this.socketKeys(), this.socketRoomsKey], socketIds);
  }

  /**
   * Pushes the expiry of this instance's live sockets forward, never resurrecting a removed one; answers the ids
   * Redis no longer has (see restore).
   */
  async refresh(socketIds: readonly string[], now = Date.now()): Promise<string[]> {
    if (socketIds.length === 0) return [];
    return (await this.run(
      SCRIPTS.refresh,
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
      await Promise.all([
        ...rooms.map((draftId) => this.ask(() => this.redis.sadd(this.roomKey(draftId), socketId))),
        this.ask(() => this.redis.hset(this.socketRoomsKey, socketId, rooms.join(','))),
      ]);
    }
  }

  /**
   * Drops expired entries (the sockets of an instance that died), out of their rooms too; answers how many were dropped
   * and the rooms whose users lost a user with them (once per room and user), for the caller to announce.
   */
  async prune(now = Date.now()): Promise<PruneResult> {
    const [dropped, ...left] = (await this.run(
      SCRIPTS.prune,
      [...this.socketKeys(), this.socketRoomsKey],
      [String(now), String(PRUNE_BATCH), this.roomKey('')],
    )) as [number, ...string[]];
    const roomsLeft = new Map<string, RoomLeft>();
    for (let i = 0; i + 1 < left.length; i += 2) {
      const draftId = left[i]!;
      const { id, username } = JSON.parse(left[i + 1]!) as { id: string; username: string };
      roomsLeft.set(`${draftId} ${id}`, { draftId, user: { id, username } });
    }
    return { dropped, roomsLeft: [...roomsLeft.values()] };
  }

  /** Distinct users with at least one live socket. */
  async activeUserCount(): Promise<number> {
    return this.ask(() => this.redis.hlen(this.userSocketsKey));
  }

  /**
   * The count to broadcast to everyone now, or null: the deployment-wide decision (one atomic script) that a changed
   * count is sent once, by one instance, at most once per interval.
   */
  async takeCountBroadcast(): Promise<number | null> {
    const count = (await this.run(
      SCRIPTS.takeCount,
      [...this.socketKeys(), this.lastCountKey, this.countSentAtKey],
      [
        String(ACTIVE_COUNT_MIN_INTERVAL_MS),
        String(ACTIVE_COUNT_MESSAGES_PER_SECOND),
        String(ACTIVE_COUNT_MAX_INTERVAL_MS),
      ],
    )) as number;
    return count < 0 ? null : count;
  }

  /**
   * Puts the socket of `userId` in the draft's room (one atomic script, whichever instance joins). `replaces`: the id
   * of the connection this one replaces (the same tab before it reconnected), whose place in the room it takes.
   */
  async joinRoom(
    draftId: string,
    socketId: string,
    userId: string,
    now = Date.now(),
    replaces?: string,
  ): Promise<RoomJoin> {
    const [arriving, replaced, ...entries] = (await this.run(
      SCRIPTS.joinRoom,
      [...this.socketKeys(), this.roomKey(draftId), this.socketRoomsKey],
      [socketId, String(now), userId, draftId, String(ROOM_SOCKETS_PER_USER_MAX), replaces ?? ''],
    )) as [number, number, ...string[]];
    if (arriving === -1) return { refused: true, arriving: false, users: [] };
    return {
      arriving: arriving === 1,
      ...(replaced === 1 && replaces ? { replaced: replaces } : {}),
      users: distinctUsernames(entries),
    };
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
        this.run(
          SCRIPTS.leaveRoom,
          [...this.socketKeys(), this.roomKey(draftId), this.socketRoomsKey],
          [socketId, String(now), userId, draftId],
        ),
      ),
    );
    return drafts.filter((_, i) => gone[i] === 1);
  }

  private run(script: LuaScript, keys: readonly string[], args: readonly string[]): Promise<unknown> {
    return this.ask(() => script.run(this.redis, keys, args));
  }

  /** Redis's answer; a failure becomes PresenceUnavailableError, and an outage is logged once, not per socket. */
  private async ask<T>(call: () => Promise<T>): Promise<T> {
    try {
      const answer = await call();
      this.outage.answered();
      return answer;
    } catch (error) {
      this.outage.failed(error);
      throw new PresenceUnavailableError(error);
    }
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
  return distinctRoomUsers(entries.map((entry) => JSON.parse(entry) as { id: string; username: string }));
}

/** The room's users as the room lists show them: one per user, sorted by username. */
export function distinctRoomUsers(users: Iterable<{ id: string; username: string }>): ActiveUser[] {
  const byId = new Map<string, string>();
  for (const { id, username } of users) byId.set(id, username);
  return [...byId.values()]
    .sort((a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || a.localeCompare(b))
    .map((username) => ({ username }));
}
