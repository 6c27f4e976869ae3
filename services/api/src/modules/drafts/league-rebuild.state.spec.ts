import { AUCTION_RECENT_BIDS } from '@auction/contracts';
import { describe, expect, it } from '@jest/globals';
import { teamNameKey, type DraftEvent, type Pick, type TeamEvent } from '@auction/domain';
import { LeagueRebuildState, recentBids, recentBidsJson } from './league-rebuild.state.js';

const DRAFT = '00000000-0000-4000-8000-0000000000d1';
const OTHER = '00000000-0000-4000-8000-0000000000d2';
const A = '00000000-0000-4000-8000-00000000000a';
const B = '00000000-0000-4000-8000-00000000000b';
const C = '00000000-0000-4000-8000-00000000000c';
const at = (second: number) => new Date(Date.UTC(2026, 0, 1, 0, 0, second));
const when = (second: number) => ({ recordedAt: at(second) });

function team(state: LeagueRebuildState, id: string, name: string, second: number): void {
  state.applyTeamEvent(
    { type: 'TeamCreated', data: { teamId: id, name, teamNumber: 1 } } as TeamEvent,
    id,
    at(second),
  );
}

function draft(state: LeagueRebuildState, id: string, budget: number, second: number): void {
  const settings = {
    teamsCount: 2,
    playersPerTeam: 3,
    budgetPerTeam: budget,
    draftType: 'auction',
    auctionTimeLimit: 30,
    bidTimeReset: 30,
    nominationTimeLimit: 30,
  };
  const created = {
    type: 'DraftCreated',
    data: { draftId: id, name: id, settings, createdAt: at(second).toISOString() },
  };
  state.applyDraftEvent(created as DraftEvent, id, when(second));
}

function pick(pickId: string, teamId: string, cost: number, pickNumber: number): Pick {
  return {
    pickId,
    pickNumber,
    playerId: `p${pickNumber}`,
    playerName: `Player ${pickNumber}`,
    position: 'WR',
    nflTeam: 'BEN',
    teamId,
    cost,
    source: 'auction',
    pickedAt: at(0).toISOString(),
  } as Pick;
}

describe('LeagueRebuildState', () => {
  it('gives a shared name key to the first live team, and to the next one when it is deleted', () => {
    const state = new LeagueRebuildState();
    team(state, B, 'Hawks ', 1);
    team(state, A, 'hawks', 1);
    team(state, C, 'Eagles', 2);
    // Same created_at: the lower id holds the key.
    expect(state.teams.get(A)!.name_key).toBe('hawks');
    expect(state.teams.get(B)!.name_key).toBeNull();
    state.applyTeamEvent({ type: 'TeamDeleted', data: { teamId: A } } as TeamEvent, A, at(3));
    expect(state.teams.get(A)!.name_key).toBeNull();
    expect(state.teams.get(B)!.name_key).toBe('hawks');
    state.applyTeamEvent({ type: 'TeamUpdated', data: { name: 'Eagles' } } as TeamEvent, B, at(4));
    // B was created before C: renamed into C's name, it takes the key (the rule, not who had it first).
    expect(state.teams.get(B)!.name_key).toBe('eagles');
    expect(state.teams.get(C)!.name_key).toBeNull();
  });

  it('compares names as the live projection stores them (teamNameKey): NFKC, lower case, Unicode whitespace trimmed', () => {
    const state = new LeagueRebuildState();
    team(state, A, 'Sharks', 1);
    team(state, B, '\uFF33\uFF28\uFF21\uFF32\uFF2B\uFF33\u00A0', 2); // ＳＨＡＲＫＳ and a no-break space
    team(state, C, 'Cafe\u0301', 3); // e + combining acute
    expect([A, B, C].map((id) => state.teams.get(id)!.name_compared)).toEqual([
      teamNameKey('Sharks'),
      teamNameKey('Sharks'),
      teamNameKey('Caf\u00E9'),
    ]);
    // The fullwidth twin is a duplicate: only the first created holds the key.
    expect([A, B, C].map((id) => state.teams.get(id)!.name_key)).toEqual(['sharks', null, 'caf\u00E9']);
    // Renamed into the precomposed spelling of C's name, A is the earlier team: it takes the key, and B the freed one.
    state.applyTeamEvent({ type: 'TeamUpdated', data: { name: '\u3000CAF\u00C9' } } as TeamEvent, A, at(4));
    expect(state.teams.get(A)!.name).toBe('\u3000CAF\u00C9');
    expect([A, B, C].map((id) => state.teams.get(id)!.name_key)).toEqual(['caf\u00E9', 'sharks', null]);
  });

  it("keeps a team's standing on its current draft: sales, an undo, and an open draft before a completed one", () => {
    const state = new LeagueRebuildState();
    team(state, A, 'A', 1);
    draft(state, DRAFT, 200, 2);
    state.applyDraftEvent(
      { type: 'DraftTeamsAssigned', data: { teamIds: [A] } } as DraftEvent,
      DRAFT,
      when(3),
    );
    expect(state.teams.get(A)).toMatchObject({
      current_draft_id: DRAFT,
      budget_total: 200,
      updated_at: at(3),
    });
    state.applyDraftEvent(
      { type: 'PlayerSold', data: { pick: pick('k1', A, 10, 1) } } as DraftEvent,
      DRAFT,
      when(4),
    );
    state.applyDraftEvent(
      { type: 'PlayerSold', data: { pick: pick('k2', A, 5, 2) } } as DraftEvent,
      DRAFT,
      when(5),
    );
    expect(state.teams.get(A)).toMatchObject({ budget_spent: 15, player_count: 2, updated_at: at(5) });
    state.applyDraftEvent(
      { type: 'PickUndone', data: { pick: pick('k1', A, 10, 1), undoneAt: '' } } as DraftEvent,
      DRAFT,
      when(6),
    );
    expect(state.teams.get(A)).toMatchObject({ budget_spent: 5, player_count: 1 });
    expect(state.picks.get('k2')!.pick_number).toBe(1);
    expect(state.drafts.get(DRAFT)!.total_picks).toBe(1);

    state.applyDraftEvent(
      { type: 'DraftCompleted', data: { completedAt: '' } } as DraftEvent,
      DRAFT,
      when(7),
    );
    draft(state, OTHER, 300, 1); // created earlier, but open
    state.applyDraftEvent(
      { type: 'DraftTeamsAssigned', data: { teamIds: [A] } } as DraftEvent,
      OTHER,
      when(8),
    );
    expect(state.teams.get(A)).toMatchObject({
      current_draft_id: OTHER,
      budget_total: 300,
      budget_spent: 0,
      player_count: 0,
      updated_at: at(8),
    });
    // Nothing changes: updated_at stays.
    state.applyDraftEvent(
      { type: 'DraftTeamsAssigned', data: { teamIds: [A] } } as DraftEvent,
      OTHER,
      when(9),
    );
    expect(state.teams.get(A)!.updated_at).toEqual(at(8));
  });

  it('counts every bid of an auction and keeps the latest AUCTION_RECENT_BIDS, oldest first, with the opening bid', () => {
    const state = new LeagueRebuildState();
    const nominated = {
      type: 'PlayerNominated',
      data: { auctionId: 'x', playerId: 'p', nominatedBy: A, openingBid: 1, nominatedAt: 'n' },
    };
    state.applyDraftEvent(nominated as DraftEvent, DRAFT, when(1));
    for (let amount = 2; amount <= 50; amount++) {
      const data = { auctionId: 'x', teamId: amount % 2 ? A : B, amount, at: `t${amount}`, deadline: 'd' };
      state.applyDraftEvent(
        { type: 'BidPlaced', data: amount === 50 ? { ...data, proxy: true } : data } as DraftEvent,
        DRAFT,
        when(1),
      );
    }
    const auction = state.auctions.get('x')!;
    expect(auction.bid_count).toBe(50);
    const recent = recentBids(auction);
    expect(recent).toHaveLength(AUCTION_RECENT_BIDS);
    expect(recent[0]).toEqual({
      teamId: (51 - AUCTION_RECENT_BIDS) % 2 ? A : B,
      amount: 51 - AUCTION_RECENT_BIDS,
      at: `t${51 - AUCTION_RECENT_BIDS}`,
    });
    expect(recent.at(-1)).toEqual({ teamId: B, amount: 50, at: 't50', proxy: true });
  });

  it('settles an auction when its draft nominates the next, and a late bid on it still counts and trims', () => {
    const state = new LeagueRebuildState();
    const nominate = (auctionId: string) =>
      state.applyDraftEvent(
        {
          type: 'PlayerNominated',
          data: { auctionId, playerId: 'p', nominatedBy: A, openingBid: 1, nominatedAt: 'n' },
        } as DraftEvent,
        DRAFT,
        when(1),
      );
    const bid = (auctionId: string, amount: number) =>
      state.applyDraftEvent(
        {
          type: 'BidPlaced',
          data: {
            auctionId,
            teamId: B,
            amount,
            at: `t${amount}`,
            deadline: 'd',
            ...(amount === 25 && { proxy: true }),
          },
        } as DraftEvent,
        DRAFT,
        when(1),
      );
    nominate('x');
    for (let amount = 2; amount <= 30; amount++) bid('x', amount);
    const before = recentBids(state.auctions.get('x')!);
    nominate('y');
    const x = state.auctions.get('x')!;
    expect(x.settled).not.toBeNull();
    expect(x.bids).toEqual([]);
    expect(recentBids(x)).toEqual(before);
    expect(JSON.parse(recentBidsJson(x))).toEqual(before);
    // The open auction is not settled; its JSON is computed at the write.
    expect(state.auctions.get('y')!.settled).toBeNull();
    expect(JSON.parse(recentBidsJson(state.auctions.get('y')!))).toEqual([{ teamId: A, amount: 1, at: 'n' }]);
    bid('x', 31);
    expect(x.bid_count).toBe(31);
    expect(x.settled).toBeNull();
    expect(recentBids(x)).toEqual([...before.slice(1), { teamId: B, amount: 31, at: 't31' }]);
  });
});
