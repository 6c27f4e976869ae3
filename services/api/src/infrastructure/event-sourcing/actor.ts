/**
 * Who issued a command: a logged-in user (structurally the auth module's AuthUser) or the system itself
 * (seed, timers, relays). Recorded in every event's metadata for audit.
 */
export type Actor = { id: string; username: string } | 'system';

export function actorMetadata(actor: Actor): { actorId: string | null; actorUsername: string } {
  return actor === 'system'
    ? { actorId: null, actorUsername: 'system' }
    : { actorId: actor.id, actorUsername: actor.username };
}
