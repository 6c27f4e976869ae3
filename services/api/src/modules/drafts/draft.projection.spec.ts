import { describe, expect, it } from '@jest/globals';
import { DRAFT_EVENT_TYPES, TEAM_EVENT_TYPES } from '@auction/domain';
import type { RecordedEvent, SqlClient } from '@auction/event-store';
import { draftActivityProjection } from './draft-activity.registration.js';
import { LeagueProjectionSet } from './league-projections.js';

describe('league projections', () => {
  const all = LeagueProjectionSet.all();

  it('are one per read model, each owning its own tables', () => {
    expect(all.names).toEqual(['teams', 'drafts', 'draft_teams', 'picks', 'auctions']);
    expect(new Set(all.tables).size).toBe(all.tables.length);
  });

  it('project every draft and team event somewhere', () => {
    const projected = (type: string) => all.projections.some((projection) => projection.handles(type));
    const silent = ['BidPlaced', 'ProxyBidSet', 'ProxyBidRemoved', 'AuctionCompleted', 'NominationQueueSet'];
    for (const type of [...DRAFT_EVENT_TYPES, ...TEAM_EVENT_TYPES]) {
      // The drafts projection takes every draft event (the row's version follows the stream).
      expect(projected(type)).toBe(true);
    }
    expect(silent.every(projected)).toBe(true);
    expect(projected('SomethingElse')).toBe(false);
  });

  it('name the event types they read: all of them for the read models, no bids for the activity feed', () => {
    expect([...all.eventTypes].sort()).toEqual([...DRAFT_EVENT_TYPES, ...TEAM_EVENT_TYPES].sort());
    const feed = draftActivityProjection();
    expect(feed.eventTypes).toContain('PlayerSold');
    expect(feed.eventTypes).toContain('PickUndone');
    expect(feed.eventTypes).not.toContain('BidPlaced');
    expect(feed.eventTypes).not.toContain('PlayerNominated');
  });

  it('apply only the types they read, so events read without their data (data null) are passed over', async () => {
    const recorded = (globalPosition: number, type: string, data: unknown): RecordedEvent => ({
      globalPosition,
      streamId: 'draft-5f2c8f2e-3f0a-4d4b-9a43-0c6f1f1b2a11',
      streamVersion: globalPosition,
      type,
      data,
      metadata: {},
      transactionId: '100',
      recordedAt: new Date('2026-11-27T20:00:00Z'),
    });
    const statements: unknown[][] = [];
    const tx = {
      query: (_text: string, values?: unknown[]) => {
        statements.push(values ?? []);
        return Promise.resolve({ rows: [], rowCount: 0 });
      },
    } as unknown as SqlClient;
    await draftActivityProjection().apply(
      [
        recorded(1, 'BidPlaced', null),
        recorded(2, 'DraftPaused', {}),
        recorded(3, 'DraftUpdated', null), // upcast reads its data: it must not be reached
        recorded(4, 'BidPlaced', null),
      ],
      tx,
    );
    expect(statements).toHaveLength(1);
    expect(statements[0]![0]).toEqual([2]); // global positions of the rows written: the pause only
  });

  it('select some projections by name and refuse unknown names', () => {
    expect(all.only(['picks', 'teams']).names).toEqual(['teams', 'picks']);
    expect(() => all.only(['nope'])).toThrow('unknown projection nope');
  });
});
