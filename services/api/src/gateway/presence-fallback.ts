import type { Socket } from 'socket.io';
import type { AuthUser } from '../common/auth/auth-user.js';
import { distinctRoomUsers, type RoomJoin } from './presence.service.js';
import { draftRoom, joinedDrafts } from './socket-rooms.js';
import { socketUser } from './socket-user.js';

/*
 * The room's presence as this instance alone sees it, for when presence (Redis) does not answer. With one instance,
 * the usual deployment, that is the whole room; the heartbeat puts the sockets into the shared presence once Redis
 * answers again.
 */

/** The users of this instance's other sockets in the draft's room presence (watchers are not users of the room). */
function otherLocalMembers(socket: Socket, draftId: string): AuthUser[] {
  const members: AuthUser[] = [];
  for (const id of socket.nsp.adapter.rooms.get(draftRoom(draftId)) ?? []) {
    const other = id === socket.id ? undefined : socket.nsp.sockets.get(id);
    const user = other ? socketUser(other) : null;
    if (other && user && joinedDrafts(other).has(draftId)) members.push(user);
  }
  return members;
}

/** A join: the room's users with the joiner, and whether the user arrives (no other socket of theirs is there). */
export function localRoomJoin(socket: Socket, draftId: string, user: AuthUser): RoomJoin {
  const others = otherLocalMembers(socket, draftId);
  return {
    arriving: !others.some((other) => other.id === user.id),
    users: distinctRoomUsers([user, ...others]),
  };
}

/** A leave: the drafts the user leaves with this socket (no other socket of theirs stays in the room). */
export function localRoomsLeft(socket: Socket, draftIds: readonly string[], userId: string): string[] {
  return draftIds.filter(
    (draftId) => !otherLocalMembers(socket, draftId).some((other) => other.id === userId),
  );
}
