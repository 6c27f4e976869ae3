import { copyFold, type AuditFold } from './audit-fold.js';

/** A fold is kept after every SNAPSHOT_EVERY-th event: a replay then folds at most that many events. */
export const SNAPSHOT_EVERY = 100;
/** Drafts whose snapshots are kept, the least recently replayed forgotten first. */
export const SNAPSHOT_DRAFTS = 64;

/** The fold after stream version `version`, and which stored event that was (to recognise a changed log). */
export interface AuditSnapshot {
  version: number;
  globalPosition: string;
  hash: string | null;
  fold: AuditFold;
}

/**
 * Folds of recently replayed drafts, every SNAPSHOT_EVERY events, in memory (an LRU of SNAPSHOT_DRAFTS drafts).
 * A snapshot is only a hint: the caller reads the snapshot's own event again with the events after it and uses the
 * snapshot only if that event still has the same global position and hash (the hash chains every earlier event,
 * ADR 0009), so a log restored or rewritten under the same draft id never serves a stale fold.
 */
export class AuditSnapshots {
  private readonly drafts = new Map<string, Map<number, AuditSnapshot>>();

  constructor(private readonly maxDrafts = SNAPSHOT_DRAFTS) {}

  /** The latest snapshot at or before stream version `at`, if any. */
  nearest(draftId: string, at: number): AuditSnapshot | undefined {
    const kept = this.touch(draftId);
    if (kept === undefined) return undefined;
    for (let version = at - (at % SNAPSHOT_EVERY); version > 0; version -= SNAPSHOT_EVERY) {
      const snapshot = kept.get(version);
      if (snapshot !== undefined) return snapshot;
    }
    return undefined;
  }

  /** Keeps a copy of `fold` as it stands after the stored event `at` (the caller goes on mutating its own). */
  keep(draftId: string, at: { streamVersion: number; globalPosition: string; hash: string | null }, fold: AuditFold) {
    let kept = this.touch(draftId);
    if (kept === undefined) {
      kept = new Map();
      this.drafts.set(draftId, kept);
      if (this.drafts.size > this.maxDrafts) this.drafts.delete(this.drafts.keys().next().value!);
    }
    const { streamVersion: version, globalPosition, hash } = at;
    kept.set(version, { version, globalPosition, hash, fold: copyFold(fold) });
  }

  /** Drops every snapshot of the draft (its log no longer matches them). */
  forget(draftId: string): void {
    this.drafts.delete(draftId);
  }

  /** How many drafts have snapshots (for tests and metrics). */
  get size(): number {
    return this.drafts.size;
  }

  /** The draft's snapshots, moved to the most recently used end. */
  private touch(draftId: string): Map<number, AuditSnapshot> | undefined {
    const kept = this.drafts.get(draftId);
    if (kept !== undefined) {
      this.drafts.delete(draftId);
      this.drafts.set(draftId, kept);
    }
    return kept;
  }
}
