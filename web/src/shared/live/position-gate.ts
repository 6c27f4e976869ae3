/**
 * Live events carry `position`, the event's place in the server's global log (a decimal string), or null for events
 * outside the log (chat, typing). A gate lets an event through once, and only when it is newer than every event it
 * let through before: a duplicate (the same event through two server instances, or again after a reconnect) and an
 * older event that arrives late are both dropped.
 */
export interface PositionGate {
  /** Whether the event at `position` is new; a new one moves the gate forward. Null always passes. */
  accept(position: string | null | undefined): boolean;
  /** The newest position let through so far. */
  readonly last: bigint | null;
}

function parsePosition(position: string): bigint | null {
  if (!/^\d{1,30}$/.test(position)) return null;
  return BigInt(position);
}

export function createPositionGate(): PositionGate {
  let last: bigint | null = null;
  return {
    accept(position) {
      if (position === null || position === undefined) return true;
      const value = parsePosition(position);
      // A position that is not a number cannot be ordered: let it through rather than freeze the room.
      if (value === null) return true;
      if (last !== null && value <= last) return false;
      last = value;
      return true;
    },
    get last() {
      return last;
    },
  };
}

/** The `position` of a live payload, if it has one. */
export function positionOf(payload: unknown): string | null {
  const position = (payload as { position?: unknown } | null)?.position;
  return typeof position === 'string' ? position : null;
}

/** The `draftId` of a live payload, if it has one. */
export function draftIdOf(payload: unknown): string | null {
  const draftId = (payload as { draftId?: unknown } | null)?.draftId;
  return typeof draftId === 'string' ? draftId : null;
}
