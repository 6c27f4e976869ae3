import { createHash } from 'node:crypto';
import { canonicalJson } from './canonical-json.js';

/** The "previous hash" of a stream's first event. */
export const GENESIS_HASH = '0'.repeat(64);

/** What an event's hash covers. Position, transaction and time are the store's, not the event's, so excluded. */
export interface HashedEventContent {
  streamId: string;
  streamVersion: number;
  type: string;
  /** Plain JSON values, as read back from jsonb (see toJsonValue). */
  data: unknown;
  metadata: unknown;
}

/** sha256 (hex) of the canonical JSON of the event's content and the previous event's hash in its stream. */
export function eventHash(content: HashedEventContent, previousHash: string): string {
  const canonical = canonicalJson([
    content.streamId,
    content.streamVersion,
    content.type,
    content.data,
    content.metadata,
    previousHash,
  ]);
  return createHash('sha256').update(canonical, 'utf8').digest('hex');
}
