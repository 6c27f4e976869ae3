import { describe, expect, it } from '@jest/globals';
import { IDEMPOTENCY_KEY_MESSAGE, idempotencyKeySchema } from './idempotency.js';
import { bidOnPlayerPayloadSchema } from './socket.js';

describe('idempotency keys', () => {
  it('accepts 1 to 200 printable characters', () => {
    for (const key of ['a', 'x'.repeat(200), '3f1c2a9e-7b1d-4c8e-9a51-2f7d0c4b6e13', 'retry #2: bid $5'])
      expect(idempotencyKeySchema.parse(key)).toBe(key);
  });

  it('refuses empty, too long, non-printable and non-string keys with one message', () => {
    for (const key of ['', 'x'.repeat(201), 'tab\there', 'nul\u0000', 'é', 42, null]) {
      const parsed = idempotencyKeySchema.safeParse(key);
      expect(parsed.success).toBe(false);
      expect(parsed.error?.issues[0]?.message).toBe(IDEMPOTENCY_KEY_MESSAGE);
    }
  });

  it('is optional on a socket bid', () => {
    const bid = { draftId: '00000000-0000-4000-8000-000000000001', playerId: 'p1', bidAmount: 2 };
    expect(bidOnPlayerPayloadSchema.parse(bid).commandId).toBeUndefined();
    expect(bidOnPlayerPayloadSchema.parse({ ...bid, commandId: 'k1' }).commandId).toBe('k1');
    expect(bidOnPlayerPayloadSchema.safeParse({ ...bid, commandId: '' }).success).toBe(false);
  });
});
