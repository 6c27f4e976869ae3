import { streamKindOf } from '@auction/domain';

/** 30-bit hashes of command ids: small integers, which a Set keeps without an object per entry. */
export type CommandIdHashes = Set<number>;

/** FNV-1a of the id, cut to 30 bits (a V8 small integer on every platform). A collision only costs a lookup. */
export function commandIdHash(commandId: string): number {
  let hash = 0x811c9dc5;
  for (let index = 0; index < commandId.length; index += 1) {
    hash ^= commandId.charCodeAt(index);
    hash = Math.imul(hash, 0x01000193);
  }
  return hash & 0x3fffffff;
}

/** A stream's state folded up to `version`, plus the decider it was folded with. */
export interface FoldedState<S> {
  version: number;
  state: S;
  /**
   * When (this process's `performance.now()`) the state was last known to equal the stream: the start of the read
   * that produced it, or the start of this process's own append that did. A command that arrived before that
   * instant may be answered from this state without reading the stream again.
   */
  verifiedAt: number;
  /** The stream's newest hash at `version`, when known (a one-statement append chains from it, ADR 0020). */
  lastHash?: string | null;
  /**
   * Hashes of the command ids (clients' idempotency keys, ADR 0020) of every event folded into the state, or of
   * later ones: an id whose hash is missing was never appended up to `version` (see StreamCommandRunner).
   */
  commandIds?: CommandIdHashes;
  /** The evolve function that built the state: a stream read with another decider is not a cache hit. */
  evolve: unknown;
}

/**
 * How many draft streams' folded states are kept by default (`DRAFT_STATE_CACHE_SIZE`). Draft streams are the hot
 * ones: on draft night every live draft bids twice a second, and one that is evicted reads and folds its whole stream
 * again on its next command. A finished draft's state is 110–190 KB (bench/state-size.bench.ts), so 2,000 are at most
 * ~370 MB; an instance that runs more live drafts at once needs a larger setting, and the memory for it.
 */
export const DEFAULT_DRAFT_STATE_CACHE_SIZE = 2_000;

/**
 * How many folded states each kind of stream keeps (the kind is the stream id up to its first `-`). Setting a draft
 * up touches a dozen team streams once each; in one LRU shared by every kind, the 2,600 streams of 200 new drafts
 * evicted the 200 drafts already bidding, so each of them read and folded its whole stream again on its next bid, in
 * the same seconds (docs/benchmarks.md, twenty-eighth round; ADR 0039). Each kind is now an LRU of its own.
 */
export function stateCacheCapacities(
  draftStates = DEFAULT_DRAFT_STATE_CACHE_SIZE,
): ReadonlyMap<string, number> {
  return new Map([['draft', draftStates]]);
}
export const STATE_CACHE_CAPACITY = stateCacheCapacities();
/** Any other kind of stream (teams: a few commands each, at set-up). */
export const STATE_CACHE_DEFAULT_CAPACITY = 1_000;

/**
 * An LRU of folded stream states keyed by stream id, one per kind of stream, so one kind's churn never evicts
 * another's. Entries may be stale (another instance appended): that is safe because every append passes the cached
 * version as the expected version, and a command that decides nothing or is rejected is re-checked against the
 * stream's newer events before being answered, unless the entry was verified after the command arrived.
 */
export class FoldedStateCache {
  private readonly kinds = new Map<string, Map<string, FoldedState<unknown>>>();

  /**
   * A number gives every kind that capacity (tests); a map gives the kinds it names theirs. Kinds it does not name
   * keep STATE_CACHE_DEFAULT_CAPACITY.
   */
  constructor(private readonly capacity: number | ReadonlyMap<string, number> = STATE_CACHE_CAPACITY) {}

  get<S>(streamId: string, evolve: unknown): FoldedState<S> | undefined {
    const entries = this.kinds.get(streamKindOf(streamId));
    const entry = entries?.get(streamId);
    if (!entries || !entry || entry.evolve !== evolve) return undefined;
    // Re-insert so the map's insertion order is least-recently-used first.
    entries.delete(streamId);
    entries.set(streamId, entry);
    return entry as FoldedState<S>;
  }

  set<S>(streamId: string, entry: FoldedState<S>): void {
    const kind = streamKindOf(streamId);
    let entries = this.kinds.get(kind);
    if (!entries) this.kinds.set(kind, (entries = new Map()));
    const current = entries.get(streamId);
    // Never move an entry backwards: a slow caller must not overwrite a newer state.
    if (current && current.evolve === entry.evolve && current.version > entry.version) return;
    entries.delete(streamId);
    entries.set(streamId, entry);
    const capacity = this.capacityOf(kind);
    while (entries.size > capacity) {
      const oldest = entries.keys().next().value as string;
      entries.delete(oldest);
    }
  }

  delete(streamId: string): void {
    this.kinds.get(streamKindOf(streamId))?.delete(streamId);
  }

  clear(): void {
    this.kinds.clear();
  }

  get size(): number {
    let size = 0;
    for (const entries of this.kinds.values()) size += entries.size;
    return size;
  }

  private capacityOf(kind: string): number {
    if (typeof this.capacity === 'number') return this.capacity;
    return this.capacity.get(kind) ?? STATE_CACHE_DEFAULT_CAPACITY;
  }
}
