import { Injectable, Logger } from '@nestjs/common';
import { ServerEvents, type ProfileUpdatedPayload } from '@auction/contracts';
import {
  ADMINS_ROOM,
  AUTHENTICATED_ROOM,
  DRAFT_WATCHERS_ROOM,
  draftRoom,
  tokenRoom,
  userRoom,
} from './socket-rooms.js';
import { SocketServerRef } from './socket-server.ref.js';
import { PresenceService } from './presence.service.js';
import { isPresent, renameSocketUser, socketUser, type UserRenamed } from './socket-user.js';
import { PacedRoomBroadcast } from './paced-room-broadcast.js';

/** The server-side event (between instances, never to a client) that carries a rename. */
export const USER_RENAMED = 'userRenamed';

/** The server-side event that asks every instance to pace one event to its authenticated sockets (toAllPaced). */
export const PACED_TO_ALL = 'pacedToAll';

export interface PacedToAll {
  event: string;
  payload: unknown;
}

export function parsePacedToAll(value: unknown): PacedToAll | null {
  if (typeof value !== 'object' || value === null) return null;
  const { event, payload } = value as Record<string, unknown>;
  return typeof event === 'string' ? { event, payload } : null;
}

/**
 * Sends server events to sockets on every API instance (the socket.io Redis adapter fans them out).
 * Event names are contracts' `ServerEvents`.
 */
@Injectable()
export class RealtimePublisher {
  private readonly logger = new Logger(RealtimePublisher.name);
  /** One per event name: a newer value of an event supersedes the rest of the older one's slices. */
  private readonly paced = new Map<string, PacedRoomBroadcast>();

  constructor(
    private readonly ref: SocketServerRef,
    private readonly presence: PresenceService,
  ) {}

  /** Every authenticated socket. */
  toAll(event: string, payload: unknown): void {
    this.emit(AUTHENTICATED_ROOM, event, payload);
  }

  /**
   * Every authenticated socket, on every instance, each instance writing to a slice of its sockets per turn of its
   * event loop (PacedRoomBroadcast) — for news to everyone that may take a few turns, so it never holds up a room's
   * bids. The instances hear it by socket.io's server-side emit over Redis, as a rename.
   */
  toAllPaced(event: string, payload: unknown): void {
    const server = this.ref.server;
    if (!server) {
      this.logger.warn(`"${event}" not sent: the socket server is not running`);
      return;
    }
    const message: PacedToAll = { event, payload };
    server.serverSideEmit(PACED_TO_ALL, message);
    this.paceHere(message);
  }

  /** This instance's part of a toAllPaced (from here or from another instance). */
  paceHere({ event, payload }: PacedToAll): void {
    const server = this.ref.server;
    if (!server) return;
    let broadcast = this.paced.get(event);
    if (!broadcast) this.paced.set(event, (broadcast = new PacedRoomBroadcast()));
    broadcast.send(server, AUTHENTICATED_ROOM, event, payload).catch((error: Error) => {
      this.logger.warn(`"${event}" not sent to every socket: ${error.message}`);
    });
  }

  /** Every socket authenticated as an admin. */
  toAdmins(event: string, payload: unknown): void {
    this.emit(ADMINS_ROOM, event, payload);
  }

  /** Sockets that joined the draft's room (`joinDraft`). */
  toDraft(draftId: string, event: string, payload: unknown): void {
    this.emit(draftRoom(draftId), event, payload);
  }

  /**
   * The draft's room and every admin (the picks management page follows corrections without joining rooms). One
   * emit to both rooms, so an admin who also sits in the draft's room gets the event once.
   */
  toDraftAndAdmins(draftId: string, event: string, payload: unknown): void {
    this.emit([draftRoom(draftId), ADMINS_ROOM], event, payload);
  }

  /**
   * The draft's room and the sockets that watch the list of drafts (draftStarted, draftUpdated, draftCompleted). One
   * emit to both rooms: a socket in both gets it once, and socket.io encodes the payload once for all of them.
   */
  toDraftAndWatchers(draftId: string, event: string, payload: unknown): void {
    this.emit([draftRoom(draftId), DRAFT_WATCHERS_ROOM], event, payload);
  }

  /**
   * The drafts' rooms, the users' sockets and every admin, in one emit: a socket in several of them gets the event
   * once.
   */
  toDraftsUsersAndAdmins(
    draftIds: readonly string[],
    userIds: readonly string[],
    event: string,
    payload: unknown,
  ): void {
    this.emit([...draftIds.map(draftRoom), ...userIds.map(userRoom), ADMINS_ROOM], event, payload);
  }

  /** Every socket of one user. */
  toUser(userId: string, event: string, payload: unknown): void {
    this.emit(userRoom(userId), event, payload);
  }

  /**
   * Disconnects the sockets signed in with a token (a logout revoked it), on every instance: the Redis adapter asks
   * the others. Their drafts' rooms hear `userLeft` as for any disconnect.
   */
  disconnectToken(jti: string): void {
    const server = this.ref.server;
    if (!server) return;
    server.in(tokenRoom(jti)).disconnectSockets(true);
  }

  /**
   * After a rename committed (docs/product.md §4.1: a rename takes effect at once): this instance's sockets of the
   * user at once, the other instances' when they hear it (socket.io's server-side emit over Redis; AppGateway
   * listens). An instance that missed it (Redis down) catches up at its next presence heartbeat, from the database.
   */
  userRenamed(renamed: UserRenamed): void {
    const server = this.ref.server;
    if (!server) return;
    server.serverSideEmit(USER_RENAMED, renamed);
    void this.renameHere(renamed);
    // The user's own pages, on every device and instance, show the new name without a reload.
    const payload: ProfileUpdatedPayload = { _id: renamed.id, username: renamed.username };
    this.toUser(renamed.id, ServerEvents.profileUpdated, payload);
  }

  /**
   * The rename on this instance: its sockets of the user at once, then their presence entries (the rooms' user
   * lists) in the background, so no caller waits on Redis.
   */
  async renameHere(renamed: UserRenamed): Promise<void> {
    const server = this.ref.server;
    if (!server) return;
    const present = renameSocketUser(server, renamed).filter(
      (socket) => isPresent(socket) && !socket.disconnected,
    );
    await Promise.all(
      present.map((socket) =>
        this.presence.add(socket.id, socketUser(socket)!).catch((error: Error) => {
          this.logger.warn(`presence of ${socket.id} keeps the old name for now: ${error.message}`);
        }),
      ),
    );
  }

  private emit(room: string | string[], event: string, payload: unknown): void {
    const server = this.ref.server;
    if (!server) {
      this.logger.warn(`"${event}" not sent: the socket server is not running`);
      return;
    }
    server.to(room).emit(event, payload);
  }
}
