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
 * A small LRU of folded stream states keyed by stream id. Entries may be stale (another instance appended):
 * that is safe because every append passes the cached version as the expected version, and a command that
 * decides nothing or is rejected is re-checked against the stream's newer events before being answered, unless
 * the entry was verified after the command arrived.
 */
export class FoldedStateCache {
  private readonly entries = new Map<string, FoldedState<unknown>>();

  constructor(private readonly capacity = 1000) {}

  get<S>(streamId: string, evolve: unknown): FoldedState<S> | undefined {
    const entry = this.entries.get(streamId);
    if (!entry || entry.evolve !== evolve) return undefined;
    // Re-insert so the map's insertion order is least-recently-used first.
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    return entry as FoldedState<S>;
  }

  set<S>(streamId: string, entry: FoldedState<S>): void {
    const current = this.entries.get(streamId);
    // Never move an entry backwards: a slow caller must not overwrite a newer state.
    if (current && current.evolve === entry.evolve && current.version > entry.version) return;
    this.entries.delete(streamId);
    this.entries.set(streamId, entry);
    while (this.entries.size > this.capacity) {
      const oldest = this.entries.keys().next().value as string;
      this.entries.delete(oldest);
    }
  }

  delete(streamId: string): void {
    this.entries.delete(streamId);
  }

  clear(): void {
    this.entries.clear();
  }

  get size(): number {
    return this.entries.size;
  }
}
