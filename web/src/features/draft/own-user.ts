/** The signed-in user as the room's live events name people. */
export interface OwnUser {
  id: string | undefined;
  username: string | undefined;
}

/**
 * Whether a presence or typing event is about the signed-in user (another tab or device of theirs). By id: a rename
 * made elsewhere reaches the events before this tab's own copy of the name. Events without an id compare names.
 */
export function isOwnUser(event: { userId?: string; username?: string }, own: OwnUser): boolean {
  if (event.userId !== undefined && own.id !== undefined) return event.userId === own.id;
  return event.username !== undefined && event.username === own.username;
}
