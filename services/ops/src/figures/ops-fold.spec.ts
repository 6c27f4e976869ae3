import { describe, expect, it } from '@jest/globals';
import { scriptedDraft } from '@auction/kafka/testing';
import { draftIdOf, type DraftEventMessage } from '@auction/kafka';
import {
  applyOpsEvent,
  isLastSecond,
  NEW_DRAFT,
  type AuctionFact,
  type BidFact,
  type DraftOpsState,
} from './ops-fold.js';

/** The script's events as the relay would publish them, with increasing positions. */
function messagesOf(script: ReturnType<typeof scriptedDraft>): DraftEventMessage[] {
  const versions = new Map<string, number>();
  let position = 0;
  return script.appends.flatMap((append) =>
    append.events.map((event) => {
      const version = (versions.get(append.streamId) ?? 0) + 1;
      versions.set(append.streamId, version);
      position += 1;
      return {
        globalPosition: position,
        streamId: append.streamId,
        streamVersion: version,
        type: event.type,
        data: event.data,
        metadata: event.metadata ?? {},
        recordedAt: new Date().toISOString(),
        hash: null,
      };
    }),
  );
}

function foldAll(messages: DraftEventMessage[]) {
  const drafts = new Map<string, DraftOpsState>();
  const bids: BidFact[] = [];
  const auctions: AuctionFact[] = [];
  let duplicates = 0;
  for (const message of messages) {
    const draftId = draftIdOf(message.streamId);
    if (!draftId) continue;
    const step = applyOpsEvent(drafts.get(draftId) ?? NEW_DRAFT, message);
    if (step.duplicate) duplicates += 1;
    drafts.set(draftId, step.state);
    if (step.bid) bids.push(step.bid);
    if (step.completedAuction) auctions.push(step.completedAuction);
  }
  return { drafts, bids, auctions, duplicates };
}

/** The fields of a recorded event the fold does not look at, for events built by hand. */
const base = {
  streamId: 'draft-x',
  streamVersion: 1,
  metadata: {},
  recordedAt: '2025-01-01T00:00:00Z',
  hash: null,
};

describe('applyOpsEvent over the scripted draft', () => {
  const script = scriptedDraft(new Date('2025-03-01T12:00:00Z'));
  const { drafts, bids, auctions } = foldAll(messagesOf(script));

  it('finds the statuses, the bids, the last-second bids and the auction lengths worked out by hand', () => {
    expect(drafts.get(script.draftIds[0]!)!.status).toBe('completed');
    expect(drafts.get(script.draftIds[1]!)!.status).toBe('active');
    expect(bids).toHaveLength(script.expected.bids);
    expect(bids.filter((b) => isLastSecond(b.msBeforeDeadline))).toHaveLength(script.expected.lastSecondBids);
    expect(bids.map((b) => b.msBeforeDeadline)).toEqual([
      25_000, 2_000, 1_000, 20_000, 10_000, 20_000, 2_000, 500,
    ]);
    expect(auctions.map((a) => a.durationMs)).toEqual([47_000, 30_000, 133_000]);
    expect(drafts.get(script.draftIds[1]!)!.openAuctions).not.toEqual({});
    expect(drafts.get(script.draftIds[0]!)!.openAuctions).toEqual({});
  });

  it('drops redelivered messages by position, so a replay of everything changes nothing', () => {
    const messages = messagesOf(script);
    const twice = foldAll([...messages.slice(0, 20), ...messages.slice(5)]);
    expect(twice.bids).toEqual(bids);
    expect(twice.auctions).toEqual(auctions);
    expect(twice.duplicates).toBe(15);
  });

  it('moves only the position for unknown types and malformed data', () => {
    const unknown = applyOpsEvent(NEW_DRAFT, {
      ...base,
      globalPosition: 3,
      type: 'SomethingNew',
      data: { a: 1 },
    });
    expect(unknown).toEqual({ state: { ...NEW_DRAFT, lastPosition: 3 }, duplicate: false });
    const malformed = applyOpsEvent(NEW_DRAFT, { ...base, globalPosition: 4, type: 'BidPlaced', data: null });
    expect(malformed.bid).toBeUndefined();
    const orphanBid = applyOpsEvent(NEW_DRAFT, {
      ...base,
      globalPosition: 5,
      type: 'BidPlaced',
      data: { auctionId: 'a', at: '2025-01-01T00:00:00Z', deadline: '2025-01-01T00:00:10Z' },
    });
    expect(orphanBid.bid?.msBeforeDeadline).toBeNull();
    expect(isLastSecond(null)).toBeNull();
  });

  it("reads times as the API writes them (ISO), not as PostgreSQL's special words", () => {
    const nominated = applyOpsEvent(NEW_DRAFT, {
      ...base,
      globalPosition: 1,
      type: 'PlayerNominated',
      data: { auctionId: 'a', nominatedAt: '2025-01-01T00:00:00Z', deadline: '2025-01-01T00:00:30Z' },
    }).state;
    // PostgreSQL reads 'now' as the time the consumer stores it and 'infinity' as a time: neither is when a bid came.
    for (const at of ['now', 'infinity', 'epoch', 'today']) {
      const bid = applyOpsEvent(nominated, {
        ...base,
        globalPosition: 2,
        type: 'BidPlaced',
        data: { auctionId: 'a', at, deadline: '2025-01-01T00:00:40Z' },
      });
      expect([at, bid.bid]).toEqual([at, undefined]);
    }
    const completed = applyOpsEvent(nominated, {
      ...base,
      globalPosition: 2,
      type: 'AuctionCompleted',
      data: { auctionId: 'a', completedAt: 'now' },
    });
    expect(completed.completedAuction).toBeUndefined();
    // Any time JavaScript reads is stored as its ISO form, so PostgreSQL reads the instant the fold measured.
    const offset = applyOpsEvent(nominated, {
      ...base,
      globalPosition: 2,
      type: 'BidPlaced',
      data: { auctionId: 'a', at: '2025-01-01T01:00:29+01:00', deadline: '2025-01-01T00:00:40Z' },
    });
    expect(offset.bid).toMatchObject({ placedAt: '2025-01-01T00:00:29.000Z', msBeforeDeadline: 1_000 });
  });
});
