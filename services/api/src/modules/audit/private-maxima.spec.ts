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
    const queue = event('NominationQueueSet', { teamId: 'rival', playerIds: ['9221'], at: 'x' });
    const ownQueue = event('NominationQueueSet', { teamId: 'mine', playerIds: ['9509'], at: 'x' });
    const maximum = event('ProxyBidSet', { teamId: 'rival', maxBid: 40 });
    const sold = event('PlayerSold', { pick: { teamId: 'rival' } });
    const { events } = hideOthersMaxima(page(queue, ownQueue, maximum, sold), ['mine']);
    expect(events.map((e) => e.data)).toEqual([
      { teamId: 'rival', playerIds: null, at: 'x' },
      { teamId: 'mine', playerIds: ['9509'], at: 'x' },
      { teamId: 'rival', maxBid: null },
      { pick: { teamId: 'rival' } },
    ]);
  });
});
