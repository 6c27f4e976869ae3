import { toJsonValue } from './canonical-json.js';
import { eventHash, GENESIS_HASH } from './event-hash.js';
import type { InsertRow } from './recorded-event.mapper.js';

export interface HashedInsertRow extends InsertRow {
  hash: string;
}

/**
 * Chains an append's events onto the stream's newest hash. Each row is first normalised to what jsonb will
 * give back, so the hash computed here is the one verify recomputes from the stored row.
 */
export function chainInsertRows(
  streamId: string,
  versionBefore: number,
  previousHash: string | null,
  rows: readonly InsertRow[],
): { rows: HashedInsertRow[]; lastHash: string } {
  let previous = previousHash ?? GENESIS_HASH;
  const hashed = rows.map((row, index) => {
    const normalised = toJsonValue(row) as InsertRow;
    const hash = eventHash(
      {
        streamId,
        streamVersion: versionBefore + index + 1,
        type: normalised.type,
        data: normalised.data,
        metadata: normalised.metadata,
      },
      previous,
    );
    previous = hash;
    return { ...normalised, hash };
  });
  return { rows: hashed, lastHash: previous };
}
