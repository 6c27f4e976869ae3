import type { Checkpoint, RecordedEvent } from './event-store.types.js';

/** Before everything: every real transaction id is above 0. */
export const START: Checkpoint = Object.freeze({ transactionId: '0', globalPosition: 0 });

export function checkpointOf(event: Pick<RecordedEvent, 'transactionId' | 'globalPosition'>): Checkpoint {
  return { transactionId: event.transactionId, globalPosition: event.globalPosition };
}

/** Orders checkpoints like readAll does: by transaction id (compared as 64-bit integers), then position. */
export function compareCheckpoints(a: Checkpoint, b: Checkpoint): number {
  const ta = BigInt(a.transactionId);
  const tb = BigInt(b.transactionId);
  if (ta !== tb) return ta < tb ? -1 : 1;
  return Math.sign(a.globalPosition - b.globalPosition);
}
