import { describe, expect, it } from '@jest/globals';
import { eventHash, GENESIS_HASH } from './event-hash.js';
import { chainInsertRows } from './hash-chain.js';

const content = {
  streamId: 'draft-1',
  streamVersion: 1,
  type: 'BidPlaced',
  data: { amount: 5 },
  metadata: {},
};

describe('eventHash', () => {
  it('is a hex sha256 that changes with every covered field and with the previous hash', () => {
    const base = eventHash(content, GENESIS_HASH);
    expect(base).toMatch(/^[0-9a-f]{64}$/);
    const variants = [
      eventHash({ ...content, streamId: 'draft-2' }, GENESIS_HASH),
      eventHash({ ...content, streamVersion: 2 }, GENESIS_HASH),
      eventHash({ ...content, type: 'BidRetracted' }, GENESIS_HASH),
      eventHash({ ...content, data: { amount: 6 } }, GENESIS_HASH),
      eventHash({ ...content, metadata: { actor: 'x' } }, GENESIS_HASH),
      eventHash(content, 'f'.repeat(64)),
    ];
    expect(new Set([base, ...variants]).size).toBe(7);
  });

  it('does not depend on key order', () => {
    expect(eventHash({ ...content, data: { a: 1, b: 2 } }, GENESIS_HASH)).toBe(
      eventHash({ ...content, data: { b: 2, a: 1 } }, GENESIS_HASH),
    );
  });
});

describe('chainInsertRows', () => {
  it('chains each row onto the one before, from the stream head', () => {
    const rows = [
      { type: 'A', data: { at: new Date('2025-01-01T00:00:00Z') }, metadata: { actor: 'u' } },
      { type: 'B', data: null, metadata: { skipped: undefined } },
    ];
    const head = 'a'.repeat(64);
    const { rows: hashed, lastHash } = chainInsertRows('s-1', 4, head, rows);

    const first = eventHash(
      {
        streamId: 's-1',
        streamVersion: 5,
        type: 'A',
        data: { at: '2025-01-01T00:00:00.000Z' },
        metadata: { actor: 'u' },
      },
      head,
    );
    const second = eventHash(
      { streamId: 's-1', streamVersion: 6, type: 'B', data: null, metadata: {} },
      first,
    );
    expect(hashed.map((r) => r.hash)).toEqual([first, second]);
    expect(lastHash).toBe(second);
    expect(hashed[0]!.data).toEqual({ at: '2025-01-01T00:00:00.000Z' });
  });

  it('starts a new stream from the genesis hash', () => {
    const { lastHash } = chainInsertRows('s-1', 0, null, [{ type: 'A', data: 1, metadata: {} }]);
    expect(lastHash).toBe(
      eventHash({ streamId: 's-1', streamVersion: 1, type: 'A', data: 1, metadata: {} }, GENESIS_HASH),
    );
  });
});
