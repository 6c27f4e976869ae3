import { describe, expect, it } from '@jest/globals';
import type { AuditEvent, AuditEventsData } from '@auction/contracts';
import { hideOthersMaxima } from './private-maxima.js';

const event = (type: string, data: Record<string, unknown>): AuditEvent => ({
  globalPosition: '1',
  streamVersion: 1,
  type,
  data,
  actor: null,
  commandId: null,
  recordedAt: '2025-09-01T19:00:00.000Z',
  hash: null,
});
const page = (...events: AuditEvent[]) =>
  ({
    draftId: 'd',
    events,
    nextAfter: null,
    hasMore: false,
    total: events.length,
  }) as unknown as AuditEventsData;

describe('hideOthersMaxima', () => {
  it("hides another team's nomination queue and maximum, and keeps the viewer's own", () => {
    const queue = event('NominationQueueSet', { teamId: 'rival', playerIds: ['9221'], at: 'x', salt: 's1' });
    const ownQueue = event('NominationQueueSet', {
      teamId: 'mine',
      playerIds: ['9509'],
      at: 'x',
      salt: 's2',
    });
    const maximum = event('ProxyBidSet', { teamId: 'rival', maxBid: 40, salt: 's3' });
    const ownMaximum = event('ProxyBidSet', { teamId: 'mine', maxBid: 41, salt: 's4' });
    const sold = event('PlayerSold', { pick: { teamId: 'rival' } });
    const { events } = hideOthersMaxima(page(queue, ownQueue, maximum, ownMaximum, sold), ['mine']);
    // The salt goes with the private value: with it, the hash would give the value away to whoever tries each one.
    expect(events.map((e) => e.data)).toStrictEqual([
      { teamId: 'rival', playerIds: null, at: 'x' },
      { teamId: 'mine', playerIds: ['9509'], at: 'x', salt: 's2' },
      { teamId: 'rival', maxBid: null },
      { teamId: 'mine', maxBid: 41, salt: 's4' },
      { pick: { teamId: 'rival' } },
    ]);
  });
});
