import { describe, expect, it } from '@jest/globals';
import { DRAFT_EVENT_TYPES, TEAM_EVENT_TYPES } from '@auction/domain';
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

  it('select some projections by name and refuse unknown names', () => {
    expect(all.only(['picks', 'teams']).names).toEqual(['teams', 'picks']);
    expect(() => all.only(['nope'])).toThrow('unknown projection nope');
  });
});
