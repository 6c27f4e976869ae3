import { randomUUID } from 'node:crypto';

/** One append of the script: a stream and the events it appends together (the shape the event store takes). */
export interface ScriptedAppend {
  streamId: string;
  events: { type: string; data: unknown; metadata?: Record<string, unknown> }[];
}

/** The ops figures the script must produce, worked out by hand from the times below. */
export interface ScriptedFigures {
  activeDrafts: number;
  completedDrafts: number;
  bids: number;
  lastSecondBids: number;
  completedAuctions: number;
  averageAuctionMs: number;
  /** Bids whose `at` lies within the minute before `now` (the script's clock). */
  bidsInLastMinute: number;
}

export interface ScriptedDraft {
  appends: ScriptedAppend[];
  draftIds: string[];
  expected: ScriptedFigures;
}

const player = (n: number) => ({
  playerId: `p${n}`,
  playerName: `Player ${n}`,
  position: n % 2 ? 'RB' : 'WR',
  nflTeam: 'KC',
  projectedPoints: 100 + n,
});

/**
 * Two drafts as the live auction writes them (libs/domain draft.events.ts shapes), with times relative to
 * `now`: draft A runs three auctions (one across a pause) and completes; draft B is still running, one bid
 * half a second before its deadline. A team stream event and an event type ops does not know ride along.
 *
 * Bids and deadlines (seconds after A's start S = now-240): auction 1 nominated S+0 (deadline 30), bids at
 * 5 (25 s left), 28 (2 s left, deadline to 38), 37 (1 s left, deadline to 47), completed 47; auction 2 at 50
 * (deadline 80), bids 60 and 70, completed 80; auction 3 at 90 (deadline 120), bid 100, paused 105, resumed
 * 200 with deadline 215, bid 213 (2 s left, deadline to 223), completed 223. Draft B nominated now-40
 * (deadline now-10), bid now-10.5. So 8 bids, 4 in the last 3 s, auctions of 47, 30 and 133 s (avg 70 s),
 * and the bids at S+213 (now-27) and now-10.5 fall within the last minute.
 */
export function scriptedDraft(now: Date = new Date()): ScriptedDraft {
  const draftA = randomUUID();
  const draftB = randomUUID();
  const [t1, t2, t3, t4] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];
  const start = now.getTime() - 240_000;
  const atA = (seconds: number) => new Date(start + seconds * 1_000).toISOString();
  const atB = (secondsBeforeNow: number) => new Date(now.getTime() - secondsBeforeNow * 1_000).toISOString();
  const a = (...events: ScriptedAppend['events']): ScriptedAppend => ({
    streamId: `draft-${draftA}`,
    events,
  });
  const b = (...events: ScriptedAppend['events']): ScriptedAppend => ({
    streamId: `draft-${draftB}`,
    events,
  });
  const bid = (auctionId: string, teamId: string, amount: number, at: string, deadline: string) => ({
    type: 'BidPlaced',
    data: { auctionId, teamId, amount, at, deadline },
    metadata: { actor: teamId },
  });
  const nominate = (auctionId: string, n: number, by: string, at: string, deadline: string) => ({
    type: 'PlayerNominated',
    data: {
      ...player(n),
      auctionId,
      nominatedBy: by,
      openingBid: 1,
      nominatedAt: at,
      deadline,
      timeLimit: 30,
      auto: false,
    },
  });
  const sold = (
    auctionId: string,
    n: number,
    pickNumber: number,
    teamId: string,
    cost: number,
    at: string,
  ) => [
    {
      type: 'AuctionCompleted',
      data: { auctionId, winnerTeamId: teamId, winningBid: cost, completedAt: at },
    },
    {
      type: 'PlayerSold',
      data: {
        pick: {
          pickId: randomUUID(),
          pickNumber,
          ...player(n),
          teamId,
          cost,
          source: 'auction',
          pickedAt: at,
        },
      },
    },
  ];
  const settings = {
    teamsCount: 4,
    playersPerTeam: 20,
    budgetPerTeam: 200,
    draftType: 'auction',
    auctionTimeLimit: 30,
    bidTimeReset: 10,
  };
  const [auction1, auction2, auction3, auctionB] = [randomUUID(), randomUUID(), randomUUID(), randomUUID()];

  const appends: ScriptedAppend[] = [
    a({ type: 'DraftCreated', data: { draftId: draftA, name: 'League A', settings, createdAt: atA(-60) } }),
    { streamId: `team-${t1}`, events: [{ type: 'TeamCreated', data: { teamId: t1, name: 'Team 1' } }] },
    a({ type: 'DraftTeamsAssigned', data: { teamIds: [t1, t2, t3, t4] } }),
    a({
      type: 'DraftStarted',
      data: {
        teamOrder: [t1, t2, t3, t4],
        currentTeamTurn: t1,
        currentRound: 1,
        startedAt: atA(-5),
        teamsCount: 4,
      },
    }),
    a(nominate(auction1, 1, t1, atA(0), atA(30))),
    b({ type: 'DraftCreated', data: { draftId: draftB, name: 'League B', settings, createdAt: atB(120) } }),
    a(bid(auction1, t2, 2, atA(5), atA(30))),
    a(bid(auction1, t3, 3, atA(28), atA(38))),
    b({
      type: 'DraftStarted',
      data: { teamOrder: [t1, t2], currentTeamTurn: t1, currentRound: 1, startedAt: atB(60), teamsCount: 2 },
    }),
    a(bid(auction1, t2, 4, atA(37), atA(47))),
    a(...sold(auction1, 1, 1, t2, 4, atA(47)), {
      type: 'NominationTurnPassed',
      data: { currentTeamTurn: t2, currentRound: 1, nominationDeadline: atA(77) },
    }),
    a({ type: 'ChatMessagePosted', data: { text: 'gg' } }),
    a(nominate(auction2, 2, t2, atA(50), atA(80))),
    a(bid(auction2, t1, 2, atA(60), atA(80))),
    a(bid(auction2, t4, 5, atA(70), atA(80))),
    a(...sold(auction2, 2, 2, t4, 5, atA(80))),
    a(nominate(auction3, 3, t3, atA(90), atA(120))),
    a(bid(auction3, t1, 2, atA(100), atA(120))),
    a({
      type: 'DraftPaused',
      data: { pausedAt: atA(105), auctionTimeLeftMs: 15_000, nominationTimeLeftMs: null },
    }),
    b(nominate(auctionB, 4, t1, atB(40), atB(10))),
    a({
      type: 'DraftResumed',
      data: { resumedAt: atA(200), auctionDeadline: atA(215), nominationDeadline: null },
    }),
    a(bid(auction3, t2, 3, atA(213), atA(223))),
    b(bid(auctionB, t2, 2, atB(10.5), atB(0.5))),
    a(...sold(auction3, 3, 3, t2, 3, atA(223)), { type: 'DraftCompleted', data: { completedAt: atA(224) } }),
  ];
  return {
    appends,
    draftIds: [draftA, draftB],
    expected: {
      activeDrafts: 1,
      completedDrafts: 1,
      bids: 8,
      lastSecondBids: 4,
      completedAuctions: 3,
      averageAuctionMs: 70_000,
      bidsInLastMinute: 2,
    },
  };
}

/** How many events the script appends in all. */
export function eventCount(script: ScriptedDraft): number {
  return script.appends.reduce((sum, append) => sum + append.events.length, 0);
}
