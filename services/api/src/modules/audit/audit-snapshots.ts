import { copyFold, type AuditFold } from './audit-fold.js';

/**
 * At most one fold is kept per SNAPSHOT_EVERY stream versions (the first exact one the fold passes in each
 * stretch): a warm replay then reads a little over that many events at most.
 */
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
  /** Per draft, its snapshots by stretch (floor(version / SNAPSHOT_EVERY)). */
  private readonly drafts = new Map<string, Map<number, AuditSnapshot>>();

  constructor(private readonly maxDrafts = SNAPSHOT_DRAFTS) {}

  /** The latest snapshot at or before stream version `at`, if any. */
  nearest(draftId: string, at: number): AuditSnapshot | undefined {
    const kept = this.touch(draftId);
    if (kept === undefined) return undefined;
    for (let stretch = Math.floor(at / SNAPSHOT_EVERY); stretch >= 0; stretch -= 1) {
      const snapshot = kept.get(stretch);
      if (snapshot !== undefined && snapshot.version <= at) return snapshot;
    }
    return undefined;
  }

  /** Whether a snapshot is kept in the stretch of stream version `version`. */
  has(draftId: string, version: number): boolean {
    return this.drafts.get(draftId)?.has(Math.floor(version / SNAPSHOT_EVERY)) ?? false;
  }

  /**
   * Keeps a copy of `fold` as it stands after the stored event `at` (the caller goes on mutating its own),
   * replacing the one of the same stretch.
   */
  keep(
    draftId: string,
    at: { streamVersion: number; globalPosition: string; hash: string | null },
    fold: AuditFold,
  ) {
    let kept = this.touch(draftId);
    if (kept === undefined) {
      kept = new Map();
      this.drafts.set(draftId, kept);
      if (this.drafts.size > this.maxDrafts) this.drafts.delete(this.drafts.keys().next().value!);
    }
    const { streamVersion: version, globalPosition, hash } = at;
    kept.set(Math.floor(version / SNAPSHOT_EVERY), { version, globalPosition, hash, fold: copyFold(fold) });
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
