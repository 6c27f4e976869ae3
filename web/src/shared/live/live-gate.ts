/**
 * Live events from the draft log carry `draftId` and `version`, the draft stream version of the log event they come
 * from. Within a draft the version is the commit order; global positions are not (a position is taken before commit,
 * so a second draft's events can carry lower positions than the first's), so a gate compares versions per draft.
 * One log event may give several socket events (a sale: pickMade, playerAssigned, playerUpdated), all with its
 * version, so a delivery's identity is (draft, version, event name).
 *
 * A gate lets each delivery through once, and only while it is not older than the newest version seen for its draft:
 * a duplicate (the same event through two server instances, or again after a reconnect) and an older event that
 * arrives late are both dropped. Events outside the log (chat, presence: no version) always pass.
 */
export interface LiveGate {
  /** Whether `event` with this payload is new; a newer version moves its draft's gate forward. */
  accept(event: string, payload: unknown): boolean;
  /** The newest version let through for a draft so far (null: none yet). */
  versionOf(draftId: string): number | null;
}

interface DraftMark {
  version: number;
  /** Event names already let through at `version`. */
  seen: Set<string>;
}

export function createLiveGate(): LiveGate {
  const marks = new Map<string, DraftMark>();
  return {
    accept(event, payload) {
      const draftId = draftIdOf(payload);
      const version = versionOf(payload);
      if (draftId === null || version === null) return true;
      const mark = marks.get(draftId);
      if (!mark || version > mark.version) {
        marks.set(draftId, { version, seen: new Set([event]) });
        return true;
      }
      if (version < mark.version || mark.seen.has(event)) return false;
      mark.seen.add(event);
      return true;
    },
    versionOf(draftId) {
      return marks.get(draftId)?.version ?? null;
    },
  };
}

/** The draft stream `version` of a live payload, if it has one. */
export function versionOf(payload: unknown): number | null {
  const version = (payload as { version?: unknown } | null)?.version;
  return typeof version === 'number' && Number.isSafeInteger(version) && version > 0 ? version : null;
}

/** The `draftId` of a live payload, if it has one. */
export function draftIdOf(payload: unknown): string | null {
  const draftId = (payload as { draftId?: unknown } | null)?.draftId;
  return typeof draftId === 'string' ? draftId : null;
}
